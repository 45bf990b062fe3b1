import {
  ActivityIcon,
  BarChart3Icon,
  BookOpenIcon,
  BracesIcon,
  CalendarRangeIcon,
  ClipboardCheckIcon,
  CookieIcon,
  DatabaseIcon,
  DownloadIcon,
  EyeIcon,
  FileTextIcon,
  FlagIcon,
  GaugeIcon,
  GlobeIcon,
  HardDriveIcon,
  HistoryIcon,
  KeyRoundIcon,
  LanguagesIcon,
  LockKeyholeIcon,
  MailIcon,
  MonitorIcon,
  MousePointerClickIcon,
  PencilIcon,
  RadioIcon,
  ScaleIcon,
  ServerIcon,
  SettingsIcon,
  ShieldCheckIcon,
  StarIcon,
  TargetIcon,
  WebhookIcon,
  TimerIcon,
  Trash2Icon,
  TrophyIcon,
  TvIcon,
  UserCogIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ArticleSections, CodeBlock, LinkButton, useSections } from './content';
import { Container } from './page-hero';
import { SITE_LINKS } from './site-links';

const FEATURE_ICONS = {
  logging: MousePointerClickIcon,
  dashboard: TrophyIcon,
  points: StarIcon,
  goals: TargetIcon,
  views: CalendarRangeIcon,
  tv: TvIcon,
  admin: UserCogIcon,
  languages: LanguagesIcon,
};

export function FeaturesBody() {
  const sections = useSections('features');
  return (
    <Container>
      <ul className="grid gap-6 sm:grid-cols-2">
        {sections.map(([key, section]) => {
          const Icon = FEATURE_ICONS[key as keyof typeof FEATURE_ICONS] ?? StarIcon;
          return (
            <li key={key} className="rounded-2xl border bg-card p-7 shadow-card">
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-white">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="mt-5 text-xl font-semibold tracking-tight">{section.title}</h2>
              <p className="mt-2 leading-7 text-muted-foreground">{section.text}</p>
            </li>
          );
        })}
      </ul>
    </Container>
  );
}

const PRICE_ROWS = ['small', 'ten', 'eleven', 'nineteen', 'large'] as const;
const PRICE_NOTES = [
  { key: 'trial', icon: TimerIcon },
  { key: 'moneyBack', icon: HistoryIcon },
  { key: 'members', icon: UsersIcon },
] as const;

/** /pricing below the plan cards: what a team of a given size pays, and the terms around it. */
export function PricingDetails() {
  const { t } = useTranslation('public');
  return (
    <Container className="pt-0 sm:pt-0">
      <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="examples-title" className="rounded-2xl border bg-card p-6 shadow-card sm:p-8">
          <h2 id="examples-title" className="text-xl font-semibold tracking-tight">
            {t('pages.pricing.examples.title')}
          </h2>
          <p className="mt-2 text-muted-foreground">{t('pages.pricing.examples.lead')}</p>
          <table className="mt-6 w-full text-left text-sm">
            <thead className="border-b text-muted-foreground">
              <tr>
                <th scope="col" className="py-2.5 pr-4 font-medium">
                  {t('pages.pricing.examples.team')}
                </th>
                <th scope="col" className="py-2.5 pr-4 font-medium">
                  {t('pages.pricing.examples.plan')}
                </th>
                <th scope="col" className="py-2.5 text-right font-medium">
                  {t('pages.pricing.examples.price')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {PRICE_ROWS.map((row) => (
                <tr key={row}>
                  <th scope="row" className="py-3 pr-4 font-medium">
                    {t(`pages.pricing.examples.rows.${row}.team`)}
                  </th>
                  <td className="py-3 pr-4">{t(`pages.pricing.examples.rows.${row}.plan`)}</td>
                  <td className="py-3 text-right font-semibold tabular">{t(`pages.pricing.examples.rows.${row}.price`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <ul className="grid content-start gap-4">
          {PRICE_NOTES.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4 rounded-2xl border bg-card p-6 shadow-card">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-success-soft text-success-strong">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h2 className="font-semibold">{t(`pages.pricing.notes.${key}.title`)}</h2>
                <p className="mt-1 text-sm leading-6 text-muted-foreground">{t(`pages.pricing.notes.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </Container>
  );
}

const DEMO_STEPS = [
  { key: 'book', icon: MailIcon },
  { key: 'meet', icon: VideoIcon },
  { key: 'try', icon: TrophyIcon },
] as const;

export function DemoBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <ol className="grid gap-6 md:grid-cols-3">
        {DEMO_STEPS.map(({ key, icon: Icon }, index) => (
          <li key={key} className="rounded-2xl border bg-card p-7 shadow-card">
            <div className="flex items-center gap-3">
              <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-white">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="text-sm font-semibold text-muted-foreground">{index + 1} / 3</span>
            </div>
            <h2 className="mt-5 text-xl font-semibold tracking-tight">{t(`pages.demo.steps.${key}.title`)}</h2>
            <p className="mt-2 leading-7 text-muted-foreground">{t(`pages.demo.steps.${key}.text`)}</p>
          </li>
        ))}
      </ol>
      <div className="mt-12 flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <LinkButton href={SITE_LINKS.contact} variant="success">
          {t('pages.demo.book')}
        </LinkButton>
        <p className="text-muted-foreground">
          {t('pages.demo.self')}{' '}
          <a href={SITE_LINKS.auth} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('pages.demo.selfLink')}
          </a>
        </p>
      </div>
    </Container>
  );
}

const API_ICONS = {
  basics: BracesIcon,
  auth: KeyRoundIcon,
  sync: HistoryIcon,
  exports: DownloadIcon,
  webhooks: WebhookIcon,
  errors: FlagIcon,
  realtime: RadioIcon,
};
/** A BI tool's incremental sync with a personal access token (decision 035). */
const API_EXAMPLE = `curl "https://dealboard.example.no/api/v1/activities?updatedSince=2026-11-01T00:00:00Z" \\
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

const HELP_GROUPS = [
  { key: 'reps', icon: ActivityIcon },
  { key: 'admins', icon: SettingsIcon },
  { key: 'account', icon: KeyRoundIcon },
] as const;

export function HelpBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <div className="grid gap-10">
        {HELP_GROUPS.map(({ key, icon: Icon }) => {
          const items = Object.entries(
            t(`pages.help.groups.${key}.items`, { returnObjects: true }) as Record<string, { q: string; a: string }>,
          );
          return (
            <section key={key} aria-labelledby={`help-${key}`} className="grid gap-6 lg:grid-cols-[16rem_1fr]">
              <h2 id={`help-${key}`} className="flex items-center gap-3 text-xl font-semibold tracking-tight lg:items-start">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span className="lg:pt-1.5">{t(`pages.help.groups.${key}.title`)}</span>
              </h2>
              <div className="divide-y rounded-2xl border bg-card shadow-card">
                {items.map(([id, item]) => (
                  <details key={id} className="group">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-6 py-4 font-medium [&::-webkit-details-marker]:hidden">
                      {item.q}
                      <span
                        className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45"
                        aria-hidden="true"
                      >
                        +
                      </span>
                    </summary>
                    <p className="px-6 pb-5 leading-7 text-muted-foreground">{item.a}</p>
                  </details>
                ))}
              </div>
            </section>
          );
        })}
      </div>
      <div className="mt-12">
        <LinkButton href={SITE_LINKS.contact}>{t('pages.help.contact')}</LinkButton>
      </div>
    </Container>
  );
}

const DOCS_ICONS = { install: HardDriveIcon, database: DatabaseIcon, config: SettingsIcon, backups: DownloadIcon, api: BracesIcon };

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

export function PrivacyBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <ArticleSections
        page="privacy"
        icons={{ what: FileTextIcon, why: TargetIcon, who: EyeIcon, cookies: CookieIcon, contact: MailIcon, rights: ScaleIcon }}
        after={
          <LinkButton href="/gdpr" variant="outline">
            {t('pages.privacy.gdprLink')}
          </LinkButton>
        }
      />
    </Container>
  );
}

export function TermsBody() {
  return (
    <Container>
      <ArticleSections
        page="terms"
        icons={{
          service: MonitorIcon,
          accounts: UsersIcon,
          data: DatabaseIcon,
          plans: ClipboardCheckIcon,
          use: ShieldCheckIcon,
          ending: FlagIcon,
          law: ScaleIcon,
        }}
      />
    </Container>
  );
}

export function GdprBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <ArticleSections
        page="gdpr"
        icons={{
          roles: ScaleIcon,
          where: GlobeIcon,
          access: EyeIcon,
          correct: PencilIcon,
          export: DownloadIcon,
          delete: Trash2Icon,
          stays: BarChart3Icon,
          retention: HistoryIcon,
        }}
        after={<LinkButton href={SITE_LINKS.contact}>{t('pages.gdpr.contact')}</LinkButton>}
      />
    </Container>
  );
}

export function SecurityBody() {
  const { t } = useTranslation('public');
  return (
    <Container>
      <ArticleSections
        page="security"
        icons={{
          rls: DatabaseIcon,
          passwords: KeyRoundIcon,
          sessions: LockKeyholeIcon,
          limits: GaugeIcon,
          web: ShieldCheckIcon,
          data: ServerIcon,
          report: FlagIcon,
        }}
        after={<LinkButton href={SITE_LINKS.contact}>{t('pages.security.report')}</LinkButton>}
      />
    </Container>
  );
}
