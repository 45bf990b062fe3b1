import {
  BookOpenIcon,
  BracesIcon,
  DatabaseIcon,
  DownloadIcon,
  FlagIcon,
  HardDriveIcon,
  HistoryIcon,
  KeyRoundIcon,
  RadioIcon,
  SettingsIcon,
  WebhookIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CodeBlock, useSections } from './content';
import { Container } from './page-hero';
import { SITE_LINKS } from './site-links';

/* The public site's pages for developers and operators: the API, its reference, running Dealboard (pre-rendered per language, decision 010). */

export const API_ICONS = {
  basics: BracesIcon,
  auth: KeyRoundIcon,
  sync: HistoryIcon,
  exports: DownloadIcon,
  webhooks: WebhookIcon,
  errors: FlagIcon,
  realtime: RadioIcon,
};
/** A BI tool's incremental sync with a personal access token (decision 035). */
export const API_EXAMPLE = `curl "https://dealboard.example.no/api/v1/activities?updatedSince=2026-11-01T00:00:00Z" \\
  -H "Authorization: Bearer $DEALBOARD_TOKEN"

{ "activities": [ { "id": "9b1d…", "userId": "…", "kind": "sale",
                    "customerName": "Fjord AS", "ticketSize": 1250000,
                    "pointsEarned": 10, "localDate": "2026-11-24",
                    "updatedAt": "2026-11-24T09:14:03.120Z", … } ],
  "deleted": [ { "id": "4c2a…", "deletedAt": "2026-11-24T08:02:11.004Z", … } ],
  "nextCursor": "eyJhdCI6…",
  "hasMore": false }`;

export function ApiBody() {
  const { t } = useTranslation('public');
  const sections = useSections('api');
  return (
    <Container>
      <div className="grid gap-10 lg:grid-cols-[1fr_1fr]">
        <div className="grid min-w-0 content-start gap-5">
          {sections.map(([key, section]) => {
            const Icon = API_ICONS[key as keyof typeof API_ICONS] ?? BracesIcon;
            return (
              <section key={key} aria-labelledby={`${key}-title`} className="flex gap-4 rounded-2xl border bg-card p-6 shadow-card">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 id={`${key}-title`} className="text-lg font-semibold tracking-tight">
                    {section.title}
                  </h2>
                  <p className="mt-2 leading-7 text-muted-foreground">{section.text}</p>
                </div>
              </section>
            );
          })}
        </div>
        <div className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-lg font-semibold tracking-tight">{t('pages.api.exampleTitle')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('pages.api.exampleCaption')}</p>
          <CodeBlock>{API_EXAMPLE}</CodeBlock>
        </div>
      </div>
    </Container>
  );
}

/** /api/docs: a reference drawn from /api/openapi.json by the api-docs island. */
export function ApiDocsBody() {
  const { t } = useTranslation('public');
  const strings = [
    'endpoints',
    'body',
    'query',
    'path',
    'responses',
    'required',
    'auth',
    'public',
    'failed',
    'baseUrl',
    'token',
    'example',
    'copy',
    'copied',
    'authTitle',
    'authText',
  ] as const;
  return (
    <Container>
      <div
        data-api-docs
        data-spec-url={SITE_LINKS.openApi}
        {...Object.fromEntries(
          strings.map((key) => [
            `data-text-${key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`,
            t(`pages.apiDocs.${key}`, { count: '{count}' as unknown as number, scope: '{scope}' }),
          ]),
        )}
      >
        <p className="flex items-center gap-3 text-muted-foreground" role="status" data-api-docs-status>
          <span className="size-4 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden="true" />
          {t('pages.apiDocs.loading')}
        </p>
        <noscript>
          <p className="mt-4">{t('pages.apiDocs.noscript')}</p>
        </noscript>
      </div>
    </Container>
  );
}

export const DOCS_ICONS = { install: HardDriveIcon, database: DatabaseIcon, config: SettingsIcon, backups: DownloadIcon, api: BracesIcon };

export function DocsBody() {
  const { t } = useTranslation('public');
  const sections = useSections('docs');
  const vars = Object.values(t('pages.docs.sections.config.vars', { returnObjects: true }) as Record<string, string>);
  return (
    <Container>
      <div className="grid max-w-3xl gap-6">
        {sections.map(([key, section]) => {
          const Icon = DOCS_ICONS[key as keyof typeof DOCS_ICONS] ?? BookOpenIcon;
          return (
            <section key={key} aria-labelledby={`${key}-title`} className="min-w-0 rounded-2xl border bg-card p-6 shadow-card sm:p-8">
              <div className="flex items-start gap-4">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <h2 id={`${key}-title`} className="text-xl font-semibold tracking-tight">
                    {section.title}
                  </h2>
                  <p className="mt-2 leading-7 text-muted-foreground">{section.text}</p>
                  {section.code && <CodeBlock>{section.code}</CodeBlock>}
                  {key === 'config' && (
                    <ul className="mt-4 grid gap-2 text-sm">
                      {vars.map((line) => {
                        const [name, ...rest] = line.split(':');
                        return (
                          <li key={line} className="rounded-lg bg-muted/60 px-3 py-2 [overflow-wrap:anywhere]">
                            <code className="font-semibold">{name}</code>:{rest.join(':')}
                          </li>
                        );
                      })}
                    </ul>
                  )}
                  {key === 'api' && (
                    <a href="/api" className="mt-3 inline-block font-medium text-primary underline-offset-4 hover:underline">
                      {t('pages.docs.apiLink')}
                    </a>
                  )}
                </div>
              </div>
            </section>
          );
        })}
      </div>
    </Container>
  );
}
