import { BuildingIcon, ClockIcon, DownloadIcon, GiftIcon, LockKeyholeIcon, MapPinIcon, RotateCcwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The landing page's claims: trial, money back, set-up time, Norway, export, multi-company, RLS. */
const CLAIMS = [
  { key: 'trial', icon: GiftIcon },
  { key: 'moneyBack', icon: RotateCcwIcon },
  { key: 'setup', icon: ClockIcon },
  { key: 'norway', icon: MapPinIcon },
  { key: 'export', icon: DownloadIcon },
  { key: 'multiCompany', icon: BuildingIcon },
  { key: 'rls', icon: LockKeyholeIcon },
] as const;

export function Claims() {
  const { t } = useTranslation('landing');
  return (
    <section aria-labelledby="claims-title" className="border-b bg-card">
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h2 id="claims-title" className="sr-only">
          {t('claims.label')}
        </h2>
        <ul className="grid grid-cols-1 gap-x-6 gap-y-3 min-[420px]:grid-cols-2 md:grid-cols-4 lg:grid-cols-7" data-claims>
          {CLAIMS.map(({ key, icon: Icon }) => (
            <li
              key={key}
              className="flex items-center gap-2.5 text-sm font-medium text-foreground lg:flex-col lg:items-center lg:gap-2 lg:text-center"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              {t(`claims.${key}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
