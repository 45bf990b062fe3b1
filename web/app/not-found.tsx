import { CompassIcon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Wordmark } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/lib/paths';

export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="px-6 py-5">
        <Link to={paths.root} aria-label={t('nav.home')}>
          <Wordmark />
        </Link>
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-6 pb-24 text-center">
        <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <CompassIcon className="size-8" aria-hidden />
        </div>
        <p className="text-sm font-semibold tracking-widest text-primary">404</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">{t('notFound.title')}</h1>
        <p className="mt-3 max-w-md text-muted-foreground">{t('notFound.text', { path: location.pathname })}</p>
        <Button asChild className="mt-8" size="lg">
          <Link to={paths.root}>{t('notFound.home')}</Link>
        </Button>
      </main>
    </div>
  );
}
