import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from 'lucide-react';
import { NEW_CHANGE } from '@core/stats';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { formatPercent } from '@web/lib/format';

export type ChangeTone = 'up' | 'down' | 'flat';

/** The tone of a computePercentChange label: '+50%' and 'new' up, '-20%' down, '0%' and '+0%' flat. */
export function computeChangeTone(change: string): ChangeTone {
  if (change === NEW_CHANGE) return 'up';
  if (change.startsWith('-')) return 'down';
  if (change.startsWith('+') && change !== '+0%') return 'up';
  return 'flat';
}

const TONES: Record<ChangeTone, { className: string; Icon: typeof ArrowUpRightIcon }> = {
  up: { className: 'bg-success-soft text-success-strong', Icon: ArrowUpRightIcon },
  down: { className: 'bg-destructive-soft text-destructive', Icon: ArrowDownRightIcon },
  flat: { className: 'bg-muted text-muted-foreground', Icon: MinusIcon },
};

/**
 * The server's change label ('+50%', '-20%', '0%', as the API writes it) as the reader's
 * language writes a percent ('+50 %' in Norwegian), its digits as the API's ('+8300%', not
 * '+8,300%': a badge, not a figure to read across); anything else as it came.
 */
export function formatChangeLabel(change: string, language: string): string {
  const match = /^([+-]?)(\d+)%$/.exec(change);
  if (!match) return change;
  return `${match[1]}${formatPercent(Number(match[2]), language, { grouping: false })}`;
}

/** '+50% vs yesterday (12)', or 'New vs yesterday (0)': the change label from the server, coloured by direction. */
export function ChangeIndicator({ change, yesterday }: { change: string; yesterday: string }) {
  const { t, i18n } = useTranslation('scoreboard');
  const { className, Icon } = TONES[computeChangeTone(change)];
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
      <span className={cn('inline-flex items-center gap-0.5 rounded-full px-1.5 py-0.5 font-semibold tabular', className)}>
        <Icon className="size-3.5" aria-hidden />
        {change === NEW_CHANGE ? t('kpi.newChange') : formatChangeLabel(change, i18n.language)}
      </span>
      <span className="text-muted-foreground">{t('kpi.vsYesterday', { value: yesterday })}</span>
    </p>
  );
}
