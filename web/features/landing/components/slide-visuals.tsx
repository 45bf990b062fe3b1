import { CheckIcon, ImageIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';

export type Screenshot = { width: number; height: number; sources: { src: string; width: number }[] };

/** A screenshot of the product, responsive (WebP at several widths), loaded when needed. */
export function ScreenshotImage({ shot, alt, sizes }: { shot: Screenshot; alt: string; sizes: string }) {
  const largest = shot.sources[shot.sources.length - 1]!;
  return (
    <img
      src={largest.src}
      srcSet={shot.sources.map((source) => `${source.src} ${source.width}w`).join(', ')}
      sizes={sizes}
      width={shot.width}
      height={shot.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="block h-auto w-full bg-muted"
    />
  );
}

/** The window every slide sits in. */
export function BrowserFrame({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={cn('overflow-hidden rounded-xl border bg-card shadow-xl ring-1 ring-black/5', className)}>
      <div className="flex items-center gap-1.5 border-b bg-muted/70 px-4 py-2.5" aria-hidden="true">
        <span className="size-2.5 rounded-full bg-[oklch(0.75_0.15_25)]" />
        <span className="size-2.5 rounded-full bg-gold" />
        <span className="size-2.5 rounded-full bg-success" />
      </div>
      {children}
    </div>
  );
}

const RULES = [
  { key: 'meeting', points: 5, on: true },
  { key: 'moved', points: 1, on: true },
  { key: 'sale', points: 10, on: true },
  { key: 'bonus', points: 5, on: false },
] as const;

/** Slide 3 (no screenshot): a drawn KPI rules screen. */
export function KpiRulesIllustration() {
  const { t } = useTranslation('landing');
  return (
    <div
      className="flex aspect-[16/10] items-center justify-center bg-gradient-to-br from-primary-soft via-background to-success-soft p-[6%]"
      aria-hidden="true"
    >
      <div className="w-full max-w-lg rounded-xl border bg-card p-4 shadow-lg sm:p-6 md:scale-110">
        <p className="text-sm font-semibold">{t('carousel.slides.kpiRules.title')}</p>
        <ul className="mt-3 grid gap-2">
          {RULES.map((rule) => (
            <li key={rule.key} className="flex items-center gap-3 rounded-lg bg-muted/60 px-3 py-2">
              <span className="min-w-0 flex-1 truncate text-xs font-medium sm:text-sm">
                {t(`carousel.slides.kpiRules.rules.${rule.key}`)}
              </span>
              <span className="rounded-md bg-card px-2 py-0.5 text-xs font-bold tabular ring-1 ring-border">+{rule.points}</span>
              <span
                className={cn(
                  'flex h-5 w-9 items-center rounded-full p-0.5',
                  rule.on ? 'justify-end bg-success' : 'justify-start bg-input',
                )}
              >
                <span className="size-4 rounded-full bg-white shadow" />
              </span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Slide 4 (no screenshot): a drawn wrap-up report. */
export function WrapupIllustration() {
  const { t } = useTranslation('landing');
  const numbers = [
    { key: 'calls', value: 24 },
    { key: 'meetings', value: 3 },
    { key: 'sales', value: 1 },
  ] as const;
  return (
    <div
      className="flex aspect-[16/10] items-center justify-center bg-gradient-to-br from-success-soft via-background to-primary-soft p-[6%]"
      aria-hidden="true"
    >
      <div className="w-full max-w-lg rounded-xl border bg-card p-4 shadow-lg sm:p-6 md:scale-110">
        <p className="text-sm font-semibold">{t('carousel.slides.wrapup.title')}</p>
        <div className="mt-3 grid grid-cols-3 gap-2">
          {numbers.map((n) => (
            <div key={n.key} className="rounded-lg bg-muted/60 px-3 py-2">
              <p className="text-[11px] text-muted-foreground sm:text-xs">{t(`carousel.slides.wrapup.${n.key}`)}</p>
              <p className="text-lg font-bold tabular">{n.value}</p>
            </div>
          ))}
        </div>
        <div className="mt-3 grid gap-2 text-xs sm:text-sm">
          <p className="rounded-lg bg-success-soft px-3 py-2">
            <span className="font-semibold text-success-strong">{t('carousel.slides.wrapup.good')}: </span>
            {t('carousel.slides.wrapup.goodText')}
          </p>
          <p className="rounded-lg bg-warning-soft px-3 py-2">
            <span className="font-semibold text-warning-strong">{t('carousel.slides.wrapup.improve')}: </span>
            {t('carousel.slides.wrapup.improveText')}
          </p>
        </div>
      </div>
    </div>
  );
}

/** Where a screenshot has not been generated yet: a calm, designed stand-in, never a broken image. */
export function ScreenshotPending({ title }: { title: string }) {
  return (
    <div
      className="flex aspect-[16/10] flex-col items-center justify-center gap-3 bg-gradient-to-br from-primary-soft via-background to-success-soft"
      aria-hidden="true"
    >
      <span className="flex size-12 items-center justify-center rounded-xl bg-card text-primary shadow">
        <ImageIcon className="size-6" />
      </span>
      <span className="text-sm font-semibold">{title}</span>
    </div>
  );
}

export function PointList({ points }: { points: string[] }) {
  return (
    <ul className="grid gap-2.5">
      {points.map((point) => (
        <li key={point} className="flex gap-2.5 text-sm leading-6">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-success-strong" aria-hidden="true" />
          {point}
        </li>
      ))}
    </ul>
  );
}
