import { BuildingIcon, PhoneCallIcon, TrophyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const STEPS = [
  { key: 'onboard', icon: BuildingIcon },
  { key: 'track', icon: PhoneCallIcon },
  { key: 'win', icon: TrophyIcon },
] as const;

/** 2. How it works: Onboard company, Track KPIs, Win. */
export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-title" eyebrow={t('how.eyebrow')} title={t('how.title')} />
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key} className="relative rounded-2xl border bg-card p-7 shadow-card">
              <div className="flex items-center justify-between">
                <span className="flex size-12 items-center justify-center rounded-xl bg-primary text-white shadow-sm">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="text-sm font-semibold text-muted-foreground">{t('how.step', { n: index + 1 })}</span>
              </div>
              <h3 className="mt-6 text-xl font-semibold tracking-tight">{t(`how.steps.${key}.title`)}</h3>
              <p className="mt-2 leading-7 text-muted-foreground">{t(`how.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
