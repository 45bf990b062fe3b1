import {
  CalendarRangeIcon,
  HistoryIcon,
  LanguagesIcon,
  MailIcon,
  MousePointerClickIcon,
  StarIcon,
  TargetIcon,
  TimerIcon,
  TrophyIcon,
  TvIcon,
  UserCogIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LinkButton, useSections } from './content';
import { Container } from './page-hero';
import { SITE_LINKS } from './site-links';

/* The public site's product pages: features, pricing, a demo (pre-rendered per language, decision 010). */

export const FEATURE_ICONS = {
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

export const PRICE_ROWS = ['small', 'ten', 'eleven', 'nineteen', 'large'] as const;
export const PRICE_NOTES = [
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

export const DEMO_STEPS = [
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
          <a href={SITE_LINKS.signUp} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('pages.demo.selfLink')}
          </a>
        </p>
      </div>
    </Container>
  );
}
