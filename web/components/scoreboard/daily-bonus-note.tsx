import type { StoredActivityType } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';

/**
 * "daily call bonus +5" or "daily bonus +10" beside an activity that carries its day's bonus: the
 * call's is the calls' rule; any other type's (its own, or a meeting's, decision 115) the day's.
 * Nothing when it carries none.
 */
export function DailyBonusNote({
  activity,
  className,
}: {
  activity: { type: StoredActivityType; bonusPoints: number };
  className?: string;
}) {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  if (activity.bonusPoints <= 0) return null;
  const value = format.number(activity.bonusPoints);
  const isCall = activity.type === 'call_answered' || activity.type === 'call_unanswered';
  return (
    <span className={cn('font-medium text-warning-strong', className)}>
      {isCall ? t('feed.callBonus', { value }) : t('feed.ownTypeBonus', { value })}
    </span>
  );
}
