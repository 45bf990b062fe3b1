import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Wordmark } from '@web/components/logo';
import { paths } from '@web/lib/paths';

/** The footer's public pages; their content comes with the public-face issue. */
export function Component() {
  const { t } = useTranslation();
  const slug = useLocation().pathname.slice(1);
  return (
    <div className="min-h-dvh bg-background">
      <header className="mx-auto flex max-w-5xl items-center justify-between px-6 py-5">
        <Link to={paths.landing}>
          <Wordmark />
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-6 py-16">
        <h1 className="text-3xl font-semibold tracking-tight capitalize">{slug}</h1>
        <p className="mt-4 text-muted-foreground">{t('placeholder.text')}</p>
        <Link to={paths.landing} className="mt-8 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
          <ArrowLeftIcon className="size-4" aria-hidden /> {t('nav.home')}
        </Link>
      </main>
    </div>
  );
}
