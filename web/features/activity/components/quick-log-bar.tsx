import { pickName } from '@core/activity-types';
import type { ActivityType } from '@core/contracts';
import { PhoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ACTIVITY_LOOKS, type ActivityLook } from '@web/components/activity-icon';
import { ACTIVITY_TYPE_ICON_COMPONENTS, ACTIVITY_TYPE_TONES } from '@web/components/activity-type-icon';
import { cn } from '@web/lib/cn';
import { useKindNames } from '@web/lib/kind-names';
import type { LogRules } from '../lib/use-log-rules';
import type { TouchKind } from './log-touch-dialog';

/** Any call, before its outcome is known: white on the primary button. */
const CALL_LOOK: ActivityLook = { icon: PhoneIcon, tone: 'bg-primary-foreground/15' };

/**
 * The buttons a rep presses fifty times a day: Call and Sale always; Meeting held, E-mail and
 * LinkedIn while the company's rule for them is on. Each shows what it is worth right now.
 */
export function QuickLogBar({
  rules,
  isLoadingRules,
  onCall,
  onSale,
  onTouch,
  ownTypes = [],
  companyLanguage,
  onOwnType,
}: {
  rules: LogRules | undefined;
  isLoadingRules: boolean;
  onCall: () => void;
  onSale: () => void;
  onTouch: (kind: TouchKind) => void;
  /** The company's own live types (decision 100), after the built-in kinds. */
  ownTypes?: readonly ActivityType[];
  companyLanguage?: string | null;
  onOwnType?: (typeId: string) => void;
}) {
  const { t, i18n } = useTranslation('activity');
  // A built-in kind the company renamed (decision 116) is offered by its name.
  const { renamed } = useKindNames();
  // A call is worth at most its best outcome (before the daily 20-call bonus).
  const bestCall = rules ? Math.max(...Object.values(rules.outcomePoints), rules.kindPoints.call_unanswered) : undefined;
  return (
    <Card className="p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-base font-semibold">{t('quickLog.heading')}</h2>
        <p className="text-sm text-muted-foreground">{t('quickLog.description')}</p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
        <LogButton
          primary
          look={CALL_LOOK}
          label={renamed('call') ?? t('quickLog.call')}
          hint={bestCall !== undefined ? t('quickLog.upTo', { points: t('plusPts', { count: bestCall }) }) : undefined}
          onClick={onCall}
        />
        <LogButton
          look={ACTIVITY_LOOKS.sale}
          label={renamed('sale') ?? t('quickLog.sale')}
          hint={
            rules &&
            (rules.hasTicketSizePoints
              ? t('quickLog.from', { points: t('plusPts', { count: rules.kindPoints.sale }) })
              : t('plusPts', { count: rules.kindPoints.sale }))
          }
          onClick={onSale}
        />
        {isLoadingRules && <Skeleton className="h-14 w-40 rounded-xl" />}
        {rules?.enabledKinds.meeting && (
          <LogButton
            look={ACTIVITY_LOOKS.meeting}
            label={renamed('meeting') ?? t('quickLog.meeting')}
            hint={t('plusPts', { count: rules.kindPoints.meeting })}
            onClick={() => onTouch('meeting')}
          />
        )}
        {rules?.enabledKinds.email && (
          <LogButton
            look={ACTIVITY_LOOKS.email}
            label={renamed('email') ?? t('quickLog.email')}
            hint={t('plusPts', { count: rules.kindPoints.email })}
            onClick={() => onTouch('email')}
          />
        )}
        {rules?.enabledKinds.linkedin && (
          <LogButton
            look={ACTIVITY_LOOKS.linkedin}
            label={renamed('linkedin') ?? t('quickLog.linkedin')}
            hint={t('plusPts', { count: rules.kindPoints.linkedin })}
            onClick={() => onTouch('linkedin')}
          />
        )}
        {ownTypes.map((type) => {
          // Worth the type's points, and up to its best outcome's on top.
          const best = type.points + Math.max(0, ...type.outcomes.filter((o) => !o.archived).map((o) => o.points));
          return (
            <LogButton
              key={type.id}
              look={{ icon: ACTIVITY_TYPE_ICON_COMPONENTS[type.icon], tone: ACTIVITY_TYPE_TONES[type.colour] }}
              label={pickName(type.names, i18n.language, companyLanguage)}
              hint={
                best > type.points ? t('quickLog.upTo', { points: t('plusPts', { count: best }) }) : t('plusPts', { count: type.points })
              }
              onClick={() => onOwnType?.(type.id)}
            />
          );
        })}
      </div>
    </Card>
  );
}

function LogButton({
  look: { icon: Icon, tone },
  label,
  hint,
  onClick,
  primary,
}: {
  look: ActivityLook;
  label: string;
  hint?: string;
  onClick: () => void;
  primary?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={hint ? `${label}, ${hint}` : label}
      className={cn(
        // On a phone, two tiles a row: the icon above the name, so the name has the tile's width
        // ("Kunduppföljning" and "Merförsäljning" broke mid-word beside the icon; Chromium has no
        // Nordic hyphenation). Beside it from a tablet up.
        'group flex min-h-14 flex-col items-start gap-1.5 rounded-xl border px-3 py-2.5 text-left sm:flex-row sm:items-center sm:gap-3 sm:px-4 transition-all outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 active:translate-y-px sm:min-w-40',
        primary
          ? 'border-transparent bg-primary text-primary-foreground shadow-sm hover:brightness-90'
          : 'bg-card hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md',
      )}
    >
      <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-9 [&_svg]:size-[18px]', tone)} aria-hidden>
        <Icon />
      </span>
      {/* As wide as the tile (not its longest word), so a name longer than the tile is wide still
          breaks, at the language's hyphenation where the browser has it, rather than run out of it. */}
      <span className="w-full min-w-0">
        <span className="block text-sm font-semibold hyphens-auto break-words">{label}</span>
        {hint && <span className={cn('tabular block text-xs', primary ? 'text-primary-foreground' : 'text-muted-foreground')}>{hint}</span>}
      </span>
    </button>
  );
}
