import { type Wrapup, WRAPUP_HISTORY_LIMIT } from '@core/contracts';
import { ChevronDownIcon, HistoryIcon } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useCompanyFormat } from '@web/lib/format';

/** The last 10 summaries before today; each opens to show its notes. */
export function WrapupHistoryList({ history }: { history: Wrapup[] }) {
  const { t } = useTranslation('wrapup');
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary" aria-hidden>
            <HistoryIcon className="size-4" />
          </span>
          <div className="space-y-1">
            <CardTitle>
              <span id="history-heading">{t('history.heading')}</span>
            </CardTitle>
            <CardDescription>{t('history.description', { count: WRAPUP_HISTORY_LIMIT })}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <EmptyState icon={HistoryIcon} title={t('history.emptyTitle')} description={t('history.empty')} className="py-8" />
        ) : (
          <ul className="divide-y rounded-lg border" aria-labelledby="history-heading">
            {history.map((wrapup) => (
              <HistoryItem key={wrapup.id} wrapup={wrapup} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryItem({ wrapup }: { wrapup: Wrapup }) {
  const { t } = useTranslation('wrapup');
  const format = useCompanyFormat();
  const day = format.longDay(wrapup.date);
  const numbers = (['calls', 'meetings', 'sales', 'points'] as const).map((key) => ({
    key,
    label: t(`units.${key}`, { count: wrapup[key] }),
    value: wrapup[key],
  }));
  return (
    <Collapsible.Root asChild>
      <li className="group">
        <Collapsible.Trigger className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-left transition-colors outline-none hover:bg-muted/50 focus-visible:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset">
          <span className="min-w-40 flex-1 font-medium capitalize">{day}</span>
          <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {numbers.map((n) => (
              <span key={n.key} className="tabular">
                <span className="font-semibold text-foreground">{n.value}</span> {n.label}
              </span>
            ))}
          </span>
          <ChevronDownIcon className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-180" aria-hidden />
        </Collapsible.Trigger>
        <Collapsible.Content className="grid gap-4 border-t bg-muted/30 px-4 py-3 text-sm sm:grid-cols-2">
          {wrapup.good || wrapup.improve ? (
            <>
              <Note label={t('history.wentWell')} text={wrapup.good} />
              <Note label={t('history.toImprove')} text={wrapup.improve} />
            </>
          ) : (
            <p className="text-muted-foreground italic">{t('history.noNotes')}</p>
          )}
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}

function Note({ label, text }: { label: string; text: string | null }) {
  return (
    <div>
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      <p className={text ? 'mt-1 break-words whitespace-pre-line' : 'mt-1 text-muted-foreground'}>{text ?? '–'}</p>
    </div>
  );
}
