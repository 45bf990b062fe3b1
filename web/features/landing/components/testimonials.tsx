import { InfoIcon, QuoteIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const PEOPLE = [
  { key: 'ingrid', initials: 'IS', tone: 'bg-primary' },
  { key: 'magnus', initials: 'ML', tone: 'bg-sidebar' },
  { key: 'sofie', initials: 'SH', tone: 'bg-success-strong' },
] as const;

/** 5. Three testimonials, clearly marked as fictional samples. */
export function Testimonials() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="testimonials-title" className="border-y bg-card py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="testimonials-title" eyebrow={t('testimonials.eyebrow')} title={t('testimonials.title')} />
        <p
          className="mx-auto mt-6 flex max-w-2xl items-start justify-center gap-2 rounded-lg bg-warning-soft px-4 py-3 text-sm text-foreground"
          data-testimonials-notice
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-warning-strong" aria-hidden="true" />
          <span>{t('testimonials.notice')}</span>
        </p>
        <ul className="mt-12 grid gap-6 lg:grid-cols-3">
          {PEOPLE.map((person) => (
            <li key={person.key} className="flex flex-col rounded-2xl border bg-background p-7">
              <figure className="flex h-full flex-col">
                <div className="flex items-center justify-between">
                  <QuoteIcon className="size-7 text-primary/40" aria-hidden="true" />
                  <span className="rounded-full border border-warning/60 bg-warning-soft px-2.5 py-0.5 text-xs font-semibold text-warning-strong">
                    {t('testimonials.badge')}
                  </span>
                </div>
                <blockquote className="mt-5 flex-1 leading-7 text-pretty">{t(`testimonials.items.${person.key}.quote`)}</blockquote>
                <figcaption className="mt-6 flex items-center gap-3 border-t pt-5">
                  <span
                    className={`flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white ${person.tone}`}
                    aria-hidden="true"
                  >
                    {person.initials}
                  </span>
                  <span>
                    <span className="block font-semibold">{t(`testimonials.items.${person.key}.name`)}</span>
                    <span className="block text-sm text-muted-foreground">{t(`testimonials.items.${person.key}.role`)}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
