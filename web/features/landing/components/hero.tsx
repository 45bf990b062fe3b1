import { ArrowRightIcon, CheckIcon, SparklesIcon, TrendingUpIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { outlineOnDark, primaryCta } from './buttons';

const BOARD = [
  { initials: 'IS', name: 'Ingrid S.', calls: 14, meetings: 4, points: 38, rank: 'bg-gold text-sidebar' },
  { initials: 'ML', name: 'Magnus L.', calls: 18, meetings: 3, points: 33, rank: 'bg-silver text-sidebar' },
  { initials: 'SH', name: 'Sofie H.', calls: 11, meetings: 2, points: 21, rank: 'bg-bronze text-white' },
  { initials: 'JB', name: 'Jonas B.', calls: 9, meetings: 2, points: 12, rank: 'bg-muted text-muted-foreground' },
];

/** 1. Hero: 'KPI & Sales Tracking in minutes', 'Start free now' (to /auth) and 'Book a demo' (to /contact). */
export function Hero({ signUpHref, contactHref }: { signUpHref: string; contactHref: string }) {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="hero-title" className="aurora relative overflow-hidden bg-sidebar text-sidebar-foreground">
      <div className="relative mx-auto grid max-w-6xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 sm:pt-24 sm:pb-28 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-white/15">
            <SparklesIcon className="size-4 text-success" aria-hidden="true" />
            {t('hero.eyebrow')}
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-semibold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-sidebar-foreground/85">{t('hero.lead')}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <a href={signUpHref} data-link="start-free" className={primaryCta}>
              {t('hero.primary')} <ArrowRightIcon aria-hidden="true" />
            </a>
            <a href={contactHref} data-link="book-demo" className={outlineOnDark}>
              {t('hero.secondary')}
            </a>
          </div>
          <p className="mt-6 flex items-center gap-2 text-sm text-sidebar-muted">
            <CheckIcon className="size-4 shrink-0 text-success" aria-hidden="true" />
            {t('hero.note')}
          </p>
        </div>
        <LeaderboardPreview />
      </div>
    </section>
  );
}

/** A drawn (not screenshotted) leaderboard: the product's idea at a glance, crisp at any size. */
function LeaderboardPreview() {
  const { t } = useTranslation('landing');
  const max = Math.max(...BOARD.map((row) => row.points));
  return (
    <div role="img" aria-label={t('preview.label')} className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="rounded-2xl bg-card p-5 text-card-foreground shadow-2xl ring-1 ring-black/5 sm:p-6 sm:pb-14">
        <div className="flex items-center gap-3">
          <p className="font-semibold">{t('preview.title')}</p>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success-strong">
            <span className="size-1.5 animate-pulse rounded-full bg-success" />
            {t('preview.live')}
          </span>
        </div>
        <ol className="mt-5 grid gap-3">
          {BOARD.map((row, index) => (
            <li
              key={row.name}
              className={cn('flex items-center gap-3 rounded-xl px-3 py-2.5', index === 0 ? 'bg-primary-soft' : 'bg-muted/60')}
            >
              <span className={cn('flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold', row.rank)}>
                {index + 1}
              </span>
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sidebar text-xs font-semibold text-white">
                {row.initials}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold">{row.name}</span>
                <span className="block text-xs text-muted-foreground tabular">
                  {row.calls} {t('preview.calls')} · {row.meetings} {t('preview.meetings')}
                </span>
                <span className="mt-1.5 block h-1.5 overflow-hidden rounded-full bg-border">
                  <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.round((row.points / max) * 100)}%` }} />
                </span>
              </span>
              <span className="text-right text-sm font-bold tabular">
                {row.points} <span className="text-xs font-medium text-muted-foreground">{t('preview.points')}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
      <div className="absolute -top-7 -right-2 hidden items-center gap-3 rounded-xl bg-card px-4 py-3 shadow-xl ring-1 ring-black/5 sm:flex lg:-right-6">
        <span className="flex size-9 items-center justify-center rounded-full bg-success text-white">
          <CheckIcon className="size-5" />
        </span>
        <span>
          <span className="block text-sm font-semibold text-card-foreground">{t('preview.toast')}</span>
          <span className="block text-xs font-semibold text-success-strong">{t('preview.toastPoints')} · Sofie H.</span>
        </span>
      </div>
      <div className="absolute -bottom-8 -left-2 hidden items-center gap-3 rounded-xl bg-card px-4 py-3 shadow-xl ring-1 ring-black/5 sm:flex lg:-left-8">
        <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <TrendingUpIcon className="size-5" />
        </span>
        <span>
          <span className="block text-xs text-muted-foreground">{t('preview.kpiCalls')}</span>
          <span className="block text-lg leading-tight font-bold text-card-foreground tabular">148</span>
          <span className="block text-xs font-semibold text-success-strong">{t('preview.kpiChange')}</span>
        </span>
      </div>
    </div>
  );
}
