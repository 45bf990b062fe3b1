import type { CallOutcome } from '@core/kpi';
import { CALL_OUTCOMES } from '@core/kpi';
import { CalendarCheckIcon, MinusCircleIcon, TrendingUpIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';

const OUTCOME_ICONS = { no_progress: MinusCircleIcon, moved_forward: TrendingUpIcon, meeting_booked: CalendarCheckIcon } as const;

/**
 * The answered call's outcome as three large radio cards, each with what it is worth now under the
 * company's rules (so an admin's rule change shows up here, not a hard-coded 0/1/5).
 */
export function OutcomeChoice({
  value,
  onChange,
  points,
  disabled,
  describedBy,
  ref,
}: {
  value: CallOutcome | null;
  onChange: (outcome: CallOutcome) => void;
  points: Record<CallOutcome, number> | undefined;
  disabled?: boolean;
  /** The id of the line under the choices (what to do, or why the call was not logged). */
  describedBy?: string;
  ref?: React.Ref<HTMLFieldSetElement>;
}) {
  const { t } = useTranslation('activity');
  const name = useId();
  return (
    <fieldset ref={ref} className="space-y-2" disabled={disabled} aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium">{t('logCall.outcome')}</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {CALL_OUTCOMES.map((outcome) => {
          const Icon = OUTCOME_ICONS[outcome];
          const isChecked = value === outcome;
          return (
            <label
              key={outcome}
              className={cn(
                'relative flex cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 text-sm transition-colors sm:flex-col sm:items-start sm:gap-2',
                'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
                isChecked ? 'border-primary bg-primary-soft/60 shadow-sm' : 'hover:border-primary/40 hover:bg-muted/50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={outcome}
                checked={isChecked}
                onChange={() => onChange(outcome)}
                className="absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-lg opacity-0"
              />
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full',
                  isChecked ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
                )}
                aria-hidden
              >
                <Icon className="size-4" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{t(`outcomes.${outcome}`)}</span>
                <span className="block text-xs text-muted-foreground sm:hidden">{t(`outcomeHints.${outcome}`)}</span>
              </span>
              <span
                className={cn(
                  'tabular rounded-full px-2 py-0.5 text-xs font-semibold',
                  isChecked ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground',
                )}
              >
                {points ? t('pts', { count: points[outcome] }) : '…'}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
