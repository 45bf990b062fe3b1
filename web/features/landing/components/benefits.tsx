import { MousePointerClickIcon, RadioIcon, ShieldCheckIcon, StarIcon, TargetIcon, TvIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from './section-heading';

const BENEFITS = [
  { key: 'logging', icon: MousePointerClickIcon },
  { key: 'live', icon: RadioIcon },
  { key: 'points', icon: StarIcon },
  { key: 'goals', icon: TargetIcon },
  { key: 'tv', icon: TvIcon },
  { key: 'secure', icon: ShieldCheckIcon },
] as const;

/** 3. Key Benefits: six of them. */
export function Benefits() {
  const { t } = useTranslation('landing');
  return (
    <section id="benefits" aria-labelledby="benefits-title" className="scroll-mt-20 border-y bg-card py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="benefits-title" eyebrow={t('benefits.eyebrow')} title={t('benefits.title')} lead={t('benefits.lead')} />
        <ul className="mt-14 grid gap-x-10 gap-y-12 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ key, icon: Icon }) => (
            <li key={key} className="flex gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-success-soft text-success-strong">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="text-lg font-semibold tracking-tight">{t(`benefits.items.${key}.title`)}</h3>
                <p className="mt-1.5 leading-7 text-muted-foreground">{t(`benefits.items.${key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
