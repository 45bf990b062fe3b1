import { ConversionLabel } from '@web/components/conversion-label';
import type { WrapupToday } from '@core/contracts';
import { computeConversionRate } from '@core/stats';
import { CheckCircle2Icon, ClipboardListIcon, ClockIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useCompanyFormat } from '@web/lib/format';

/**
 * Today's Report: what the manager sees for the day. Once saved, the saved wrap-up and its notes;
 * before that, the live numbers from the activities and a "not submitted" badge.
 */
export function TodayReportCard({ today }: { today: WrapupToday }) {
  const { t } = useTranslation('wrapup');
  const format = useCompanyFormat();
  const saved = today.saved;
  const numbers = saved ?? today.prefill;
  // The daily report's conversion is meetings booked over calls.
  const conversion = computeConversionRate(numbers.meetings, numbers.calls);
  const cells = [
    { label: t('stats.calls'), value: numbers.calls },
    { label: t('stats.meetings'), value: numbers.meetings },
    { label: t('stats.sales'), value: numbers.sales },
    { label: t('stats.points'), value: numbers.points },
  ];
  return (
    <Card data-testid="today-report">
      <CardHeader className="flex-row items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary-soft text-primary" aria-hidden>
            <ClipboardListIcon className="size-4" />
          </span>
          <CardTitle>{t('report.heading')}</CardTitle>
        </div>
        {saved ? (
          <Badge variant="success">
            <CheckCircle2Icon aria-hidden /> {t('report.submitted')}
          </Badge>
        ) : (
          <Badge variant="warning">
            <ClockIcon aria-hidden /> {t('report.notSubmitted')}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm text-muted-foreground">{format.longDay(today.date)}</p>
        <dl className="grid grid-cols-2 gap-3">
          {cells.map((cell) => (
            <div key={cell.label} className="rounded-lg bg-muted/50 px-3 py-2.5">
              <dt className="text-xs text-muted-foreground">{cell.label}</dt>
              <dd className="tabular text-2xl font-semibold">{cell.value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex items-center justify-between rounded-lg border px-3 py-2 text-sm">
          <ConversionLabel kind="wrapup" className="text-muted-foreground" />
          <span className="tabular font-semibold">{format.percent(conversion)}</span>
        </div>
        {saved ? (
          <div className="space-y-3 text-sm">
            <Note label={t('report.wentWell')} text={saved.good} empty={t('report.noNotes')} />
            <Note label={t('report.toImprove')} text={saved.improve} empty={t('report.noNotes')} />
            <p className="text-xs text-muted-foreground">{t('report.savedAt', { time: format.time(saved.updatedAt) })}</p>
          </div>
        ) : (
          <p className="text-xs text-muted-foreground">{t('report.fromActivities')}</p>
        )}
      </CardContent>
    </Card>
  );
}

function Note({ label, text, empty }: { label: string; text: string | null; empty: string }) {
  return (
    <div>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <p className={text ? 'mt-0.5 break-words whitespace-pre-line' : 'mt-0.5 text-muted-foreground italic'}>{text ?? empty}</p>
    </div>
  );
}
