import { ArrowRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Wordmark } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/lib/paths';

/** A first landing page; the full one (all sections of the spec) comes with the public-face issue. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-sidebar text-sidebar-foreground">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5">
        <Wordmark className="text-white" />
        <Button asChild variant="secondary" size="sm">
          <Link to={paths.auth()}>{t('landing.signUp')}</Link>
        </Button>
      </header>
      <main className="mx-auto max-w-4xl px-6 pt-24 pb-32 text-center">
        <h1 className="text-4xl font-semibold tracking-tight text-white sm:text-6xl">{t('landing.hero')}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-sidebar-muted">{t('landing.sub')}</p>
        <div className="mt-10 flex justify-center gap-3">
          <Button asChild size="lg" variant="success">
            <Link to={paths.auth()}>
              {t('landing.start')} <ArrowRightIcon />
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
