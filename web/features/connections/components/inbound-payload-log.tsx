import type { InboundPayload, InboundResult, InboundSource } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCompanyFormat } from '@web/lib/format';
import { useInboundPayloads } from '../api/inbound-sources';

const RESULT_BADGE: Record<InboundResult, 'success' | 'secondary' | 'warning' | 'destructive' | 'outline'> = {
  logged: 'success',
  updated: 'success',
  deleted: 'secondary',
  unchanged: 'outline',
  kept: 'warning',
  refused: 'destructive',
};

/** Why a payload was refused, in the reader's language (the write path's own words where it refused). */
export function useRefusalWords() {
  const { t } = useTranslation('connections');
  return (payload: Pick<InboundPayload, 'refusal' | 'reason'>) =>
    payload.refusal ? t(`inbound.refusals.${payload.refusal}`, { reason: payload.reason ?? '' }) : null;
}

/** What a source sent, newest first, and what became of each: the sync log an admin reads. */
export function InboundPayloadLog({ source }: { source: InboundSource }) {
  const { t } = useTranslation('connections');
  const f = useCompanyFormat();
  const payloads = useInboundPayloads(source.id);
  const refusalOf = useRefusalWords();
  if (payloads.isPending) return <Skeleton className="h-24" />;
  if (payloads.isError && !payloads.data)
    return <LoadError title={t('inbound.log.loadFailed')} error={payloads.error} onRetry={() => void payloads.refetch()} />;
  const list = payloads.data.payloads;
  return (
    <section className="space-y-3" aria-label={t('inbound.log.title', { name: source.name })}>
      <h4 className="text-sm font-medium">{t('inbound.log.title', { name: source.name })}</h4>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('inbound.log.empty')}</p>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label={t('inbound.log.listLabel', { name: source.name })}>
          {list.map((payload) => (
            <li key={payload.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2 text-sm">
              <span className="w-40 shrink-0 tabular-nums text-muted-foreground">{f.dateTime(payload.receivedAt)}</span>
              <Badge variant={RESULT_BADGE[payload.result]}>{t(`inbound.log.results.${payload.result}`)}</Badge>
              {payload.externalId && (
                <span className="font-mono text-xs text-muted-foreground">{t('inbound.log.record', { id: payload.externalId })}</span>
              )}
              {payload.refusal && <span className="basis-full text-destructive sm:basis-auto">{refusalOf(payload)}</span>}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{t('inbound.log.kept')}</p>
    </section>
  );
}
