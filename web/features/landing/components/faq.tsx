import { ChevronDownIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const QUESTIONS = ['setup', 'trial', 'plans', 'moneyBack', 'data', 'export', 'security', 'points'] as const;

/**
 * 7. FAQ: eight questions, one open at a time, collapsible. <details name> makes the group
 * exclusive natively; the landing island enforces it where a browser does not.
 */
export function Faq({ contactHref }: { contactHref: string }) {
  const { t } = useTranslation('landing');
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 border-t bg-card py-20 sm:py-28">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" eyebrow={t('faq.eyebrow')} title={t('faq.title')} />
        <div className="mt-12 divide-y rounded-2xl border bg-background" data-faq>
          {QUESTIONS.map((key, index) => (
            <details key={key} name="faq" open={index === 0} className="group" data-faq-item={key}>
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left font-semibold sm:px-6 [&::-webkit-details-marker]:hidden">
                <span>{t(`faq.items.${key}.q`)}</span>
                <ChevronDownIcon
                  className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="-mt-1 px-5 pb-6 leading-7 text-muted-foreground sm:px-6">{t(`faq.items.${key}.a`)}</p>
            </details>
          ))}
        </div>
        <p className="mt-8 text-center text-muted-foreground">
          {t('faq.more')}{' '}
          <a href={contactHref} className="font-medium text-primary underline-offset-4 hover:underline">
            {t('faq.contact')}
          </a>
        </p>
      </div>
    </section>
  );
}
