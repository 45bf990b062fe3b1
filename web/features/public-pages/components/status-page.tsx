import { ActivityIcon, DatabaseIcon, ServerIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Container } from './page-hero';
import { SITE_LINKS } from './site-links';

/* The public site's status page (pre-rendered per language, decision 010). */

export const STATUS_REFRESH_SECONDS = 15;

/** /status: filled in and refreshed by the status island from GET /api/health. */
export function StatusBody() {
  const { t } = useTranslation('public');
  const strings = [
    'checking',
    'operational',
    'degraded',
    'down',
    'up',
    'problem',
    'unknown',
    'engine.pglite',
    'engine.postgres',
    'tenancy.single',
    'tenancy.multi',
  ] as const;
  const data = Object.fromEntries(strings.map((key) => [`data-text-${key.replace('.', '-')}`, t(`pages.status.${key}`)]));
  return (
    <Container>
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div
          className="min-w-0"
          data-status
          data-health-url={SITE_LINKS.health}
          data-refresh-seconds={STATUS_REFRESH_SECONDS}
          data-text-latency={t('pages.status.latency', { ms: '{ms}' })}
          data-text-version={t('pages.status.version', { version: '{version}' })}
          data-text-checked={t('pages.status.lastChecked', { time: '{time}' })}
          {...data}
        >
          <div className="flex items-center gap-4 rounded-2xl border bg-card p-6 shadow-card" data-status-state="checking">
            <span className="relative flex size-4 shrink-0" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full opacity-60 status-dot" />
              <span className="relative inline-flex size-4 rounded-full status-dot" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-xl font-semibold tracking-tight" role="status" data-status-headline>
                {t('pages.status.checking')}
              </p>
              <p className="mt-1 text-sm text-muted-foreground" data-status-checked>
                &nbsp;
              </p>
            </div>
            <button
              type="button"
              className="rounded-md border bg-card px-3 py-2 text-sm font-medium shadow-xs hover:bg-accent"
              data-status-refresh
            >
              {t('pages.status.checkNow')}
            </button>
          </div>
          <h2 className="mt-10 text-lg font-semibold tracking-tight">{t('pages.status.components')}</h2>
          <ul className="mt-4 divide-y rounded-2xl border bg-card shadow-card">
            {(['server', 'database'] as const).map((component) => (
              <li
                key={component}
                className="flex items-center gap-4 px-6 py-5"
                data-status-component={component}
                data-status-state="checking"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  {component === 'server' ? (
                    <ServerIcon className="size-5" aria-hidden="true" />
                  ) : (
                    <DatabaseIcon className="size-5" aria-hidden="true" />
                  )}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium">{t(`pages.status.${component}`)}</p>
                  <p className="text-sm text-muted-foreground" data-status-detail>
                    &nbsp;
                  </p>
                </div>
                <span className="flex items-center gap-2 text-sm font-medium" data-status-label>
                  <span className="size-2.5 rounded-full status-dot" aria-hidden="true" />
                  <span data-status-label-text>{t('pages.status.unknown')}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted-foreground">
            <a href={SITE_LINKS.health} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('pages.status.raw')}
            </a>
          </p>
          <noscript>
            <p className="mt-4">{t('pages.status.noscript')}</p>
          </noscript>
        </div>
        <aside aria-labelledby="status-about" className="h-fit rounded-2xl border bg-card p-6 shadow-card">
          <h2 id="status-about" className="font-semibold">
            {t('pages.status.about.title')}
          </h2>
          <p className="mt-2 text-sm leading-6 text-muted-foreground">
            {t('pages.status.about.text', { seconds: STATUS_REFRESH_SECONDS })}
          </p>
          <ul className="mt-4 grid gap-2 text-sm">
            {(t('pages.status.about.items', { returnObjects: true }) as string[]).map((item) => (
              <li key={item} className="flex gap-2">
                <ActivityIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                {item}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </Container>
  );
}
