import { ChevronLeftIcon, ChevronRightIcon, Maximize2Icon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import screenshots from '@web/public/landing/screenshots.json';
import { SectionHeading } from './section-heading';
import {
  BrowserFrame,
  KpiRulesIllustration,
  PointList,
  type Screenshot,
  ScreenshotImage,
  ScreenshotPending,
  WrapupIllustration,
} from './slide-visuals';

/*
 * 4. The screenshot carousel: Dashboard Overview and Quick Log Modal are screenshots of the product
 * in the page's language (web/public/landing/<language>, made by scripts/public-site/landing-screenshots.ts); Admin KPI Rules and
 * Wrap-up Reports are drawn. Previous and next wrap around, a click opens a detail dialog. The
 * markup works as a swipeable strip on its own; web/site/islands/landing.ts adds the buttons'
 * behaviour and the dialogs.
 */
const SLIDES = [
  { key: 'dashboard', shot: 'dashboard' },
  { key: 'quickLog', shot: 'quickLog' },
  { key: 'kpiRules', illustration: <KpiRulesIllustration /> },
  { key: 'wrapup', illustration: <WrapupIllustration /> },
] as const satisfies readonly { key: string; shot?: string; illustration?: ReactNode }[];

/** Each language's pictures (its country's team, words and currency); English where one is missing. */
const SHOTS = screenshots as Partial<Record<string, Record<string, Screenshot | undefined>>>;

export function ScreenshotCarousel() {
  const { t, i18n } = useTranslation('landing');
  const total = SLIDES.length;
  const shots = SHOTS[i18n.language] ?? SHOTS.en ?? {};
  const visual = (slide: (typeof SLIDES)[number], sizes: string) => {
    if ('illustration' in slide) return slide.illustration;
    const shot = shots[slide.shot];
    const title = t(`carousel.slides.${slide.key}.title`);
    return shot ? (
      <ScreenshotImage shot={shot} alt={t(`carousel.slides.${slide.key}.alt`)} sizes={sizes} />
    ) : (
      <ScreenshotPending title={title} />
    );
  };
  const kind = (slide: (typeof SLIDES)[number]) => ('illustration' in slide ? t('carousel.illustration') : t('carousel.screenshot'));

  return (
    <section id="screens" aria-labelledby="screens-title" className="scroll-mt-20 overflow-hidden py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="screens-title" eyebrow={t('carousel.eyebrow')} title={t('carousel.title')} lead={t('carousel.lead')} />
        <div
          className="mx-auto mt-12 max-w-4xl"
          role="region"
          aria-roledescription="carousel"
          aria-label={t('carousel.label')}
          data-carousel
          data-status-template={t('carousel.position', { n: '{n}', total: '{total}' })}
        >
          <div
            className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
            data-carousel-track
          >
            {SLIDES.map((slide, index) => {
              const title = t(`carousel.slides.${slide.key}.title`);
              return (
                <div
                  key={slide.key}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t('carousel.position', { n: index + 1, total })}
                  className="w-full shrink-0 snap-center px-1 pb-2"
                  data-carousel-slide={slide.key}
                >
                  <button
                    type="button"
                    className="group relative block w-full cursor-zoom-in rounded-xl text-left"
                    aria-haspopup="dialog"
                    aria-label={t('carousel.open', { title })}
                    data-dialog-open={`slide-dialog-${slide.key}`}
                  >
                    <BrowserFrame className="transition-transform duration-300 group-hover:-translate-y-0.5">
                      {visual(slide, '(min-width: 1024px) 896px, calc(100vw - 2.5rem)')}
                    </BrowserFrame>
                    <span
                      className="absolute top-12 right-3 flex size-9 items-center justify-center rounded-full bg-sidebar/80 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                      aria-hidden="true"
                    >
                      <Maximize2Icon className="size-4" />
                    </span>
                  </button>
                  <div className="mx-auto mt-6 max-w-2xl text-center">
                    <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{kind(slide)}</p>
                    <h3 className="mt-1 text-xl font-semibold tracking-tight">{title}</h3>
                    <p className="mt-2 leading-7 text-muted-foreground">{t(`carousel.slides.${slide.key}.caption`)}</p>
                  </div>
                </div>
              );
            })}
          </div>
          <div className="mt-6 flex items-center justify-center gap-3">
            <button
              type="button"
              className="flex size-11 items-center justify-center rounded-full border bg-card shadow-sm transition-colors hover:bg-accent"
              aria-label={t('carousel.previous')}
              data-carousel-prev
            >
              <ChevronLeftIcon className="size-5" aria-hidden="true" />
            </button>
            <div className="flex items-center">
              {SLIDES.map((slide, index) => (
                <button
                  key={slide.key}
                  type="button"
                  className="group flex size-7 items-center justify-center rounded-full"
                  aria-label={t('carousel.goTo', { n: index + 1, title: t(`carousel.slides.${slide.key}.title`) })}
                  aria-current={index === 0 ? 'true' : undefined}
                  data-carousel-dot={index}
                >
                  <span className="size-2.5 rounded-full bg-input transition-all group-aria-[current=true]:w-6 group-aria-[current=true]:bg-primary" />
                </button>
              ))}
            </div>
            <button
              type="button"
              className="flex size-11 items-center justify-center rounded-full border bg-card shadow-sm transition-colors hover:bg-accent"
              aria-label={t('carousel.next')}
              data-carousel-next
            >
              <ChevronRightIcon className="size-5" aria-hidden="true" />
            </button>
          </div>
          <p className="sr-only" aria-live="polite" aria-atomic="true" data-carousel-status>
            {t('carousel.position', { n: 1, total })}
          </p>
        </div>
      </div>
      {SLIDES.map((slide) => (
        <dialog
          key={slide.key}
          id={`slide-dialog-${slide.key}`}
          aria-labelledby={`slide-dialog-${slide.key}-title`}
          className="m-auto max-h-[92dvh] w-[min(72rem,calc(100%-1.5rem))] overflow-y-auto rounded-2xl bg-card p-0 text-card-foreground shadow-2xl backdrop:bg-sidebar/75 backdrop:backdrop-blur-sm"
          data-dialog
        >
          <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b bg-card/95 px-5 py-4 backdrop-blur sm:px-6">
            <div>
              <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{kind(slide)}</p>
              <h3 id={`slide-dialog-${slide.key}-title`} className="mt-0.5 text-lg font-semibold tracking-tight">
                {t(`carousel.slides.${slide.key}.title`)}
              </h3>
            </div>
            <button
              type="button"
              className="flex size-10 shrink-0 items-center justify-center rounded-full hover:bg-muted"
              aria-label={t('carousel.close')}
              data-dialog-close
            >
              <XIcon className="size-5" aria-hidden="true" />
            </button>
          </div>
          <div className="grid gap-6 p-5 sm:p-6 lg:grid-cols-[1.7fr_1fr] lg:items-start">
            <BrowserFrame className="shadow-md">{visual(slide, '(min-width: 1024px) 720px, calc(100vw - 4rem)')}</BrowserFrame>
            <div>
              <p className="leading-7">{t(`carousel.slides.${slide.key}.caption`)}</p>
              <div className="mt-5">
                <PointList points={t(`carousel.slides.${slide.key}.points`, { returnObjects: true }) as string[]} />
              </div>
            </div>
          </div>
        </dialog>
      ))}
    </section>
  );
}
