import { WEBHOOK_DELIVERY_LOG_SIZE, type WebhookDelivery, type WebhookEndpoint } from '@core/contracts';
import { InboxIcon, RefreshCwIcon, RotateCcwIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { canResend, DELIVERY_STATUS_BADGE, deliveryStatusKey } from '../lib/delivery-status';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';

/**
 * One endpoint's delivery log, newest first: the event, how it went (status, the receiver's HTTP
 * code and the start of its answer), attempts, the next attempt of one waiting for a retry, when
 * it was made (in the company's time zone), and Resend for one that is finished.
 */
export function DeliveryLog({ endpoint, id }: { endpoint: WebhookEndpoint; id: string }) {
  const { t } = useTranslation('webhooks');
  const deliveries = useWebhookDeliveries(endpoint.id);

  let body;
  if (deliveries.isPending) {
    body = (
      <div className="flex flex-col gap-2 p-3" aria-busy="true">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  } else if (deliveries.isError && !deliveries.data) {
    body = (
      <div className="p-3">
        <LoadError title={t('log.loadFailed')} error={deliveries.error} onRetry={() => void deliveries.refetch()} />
      </div>
    );
  } else if (deliveries.data.deliveries.length === 0) {
    body = (
      <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground">
        <InboxIcon className="size-4 shrink-0" aria-hidden /> {t('log.empty')}
      </p>
    );
  } else {
    const list = deliveries.data.deliveries;
    body = (
      <>
        <Table>
          <caption className="sr-only">{t('log.caption', { url: endpoint.url })}</caption>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="pl-4">{t('log.event')}</TableHead>
              <TableHead>{t('log.status')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('log.response')}</TableHead>
              <TableHead className="hidden text-right md:table-cell">{t('log.attempts')}</TableHead>
              <TableHead className="hidden lg:table-cell">{t('log.nextAttempt')}</TableHead>
              <TableHead className="hidden md:table-cell">{t('log.created')}</TableHead>
              <TableHead className="pr-4 text-right">
                <span className="sr-only">{t('log.actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.map((delivery) => (
              <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
            ))}
          </TableBody>
        </Table>
        {list.length >= WEBHOOK_DELIVERY_LOG_SIZE && (
          <p className="border-t px-4 py-2 text-xs text-muted-foreground">{t('log.newest', { count: WEBHOOK_DELIVERY_LOG_SIZE })}</p>
        )}
      </>
    );
  }

  return (
    <section id={id} aria-labelledby={`${id}-title`} className="overflow-hidden rounded-lg border bg-background">
      <div className="flex items-center justify-between gap-2 border-b bg-muted/40 px-4 py-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold">
          {t('log.title')}
        </h3>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
          aria-label={`${t('log.refresh')}: ${t('log.title')}`}
        >
          <RefreshCwIcon className={deliveries.isFetching ? 'animate-spin' : undefined} /> {t('log.refresh')}
        </Button>
      </div>
      {body}
    </section>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const format = useCompanyFormat();
  const resend = useResendWebhookDelivery();
  const status = deliveryStatusKey(delivery);
  const created = format.shortDateTime(delivery.createdAt);

  const onResend = () =>
    resend.mutate(
      { endpointId, deliveryId: delivery.id },
      {
        onSuccess: () => toast.success(t('log.resent')),
        onError: (error) => toast.error(t('log.resendFailed'), { description: error.message }),
      },
    );

  return (
    <TableRow data-testid="webhook-delivery">
      <TableCell className="pl-4 align-top">
        <code className="font-mono text-xs">{delivery.eventType}</code>
        {/* On a phone the created time stands under the event (its column is hidden). */}
        <time dateTime={delivery.createdAt} className="mt-0.5 block text-xs text-muted-foreground md:hidden">
          {created}
        </time>
      </TableCell>
      <TableCell className="align-top">
        <Badge variant={DELIVERY_STATUS_BADGE[status]}>{t(`log.status_${status}`)}</Badge>
        {/* On a phone the response code stands beside the status (its column is hidden). */}
        {delivery.responseStatus !== null && (
          <span className="ml-1.5 font-mono text-xs text-muted-foreground tabular-nums sm:hidden">HTTP {delivery.responseStatus}</span>
        )}
        {delivery.status !== 'succeeded' && delivery.responseExcerpt && (
          <p className="mt-1 line-clamp-2 max-w-64 text-xs break-words text-muted-foreground" title={delivery.responseExcerpt}>
            {delivery.responseExcerpt}
          </p>
        )}
      </TableCell>
      <TableCell className="hidden align-top whitespace-nowrap sm:table-cell">
        {delivery.responseStatus !== null ? (
          <span className="font-mono text-sm tabular-nums">HTTP {delivery.responseStatus}</span>
        ) : (
          <span className="text-sm text-muted-foreground">{delivery.attempts > 0 ? t('log.noResponse') : '—'}</span>
        )}
      </TableCell>
      <TableCell className="hidden text-right align-top tabular-nums md:table-cell">{delivery.attempts}</TableCell>
      <TableCell className="hidden align-top text-sm whitespace-nowrap text-muted-foreground lg:table-cell">
        {delivery.nextAttemptAt ? (
          <time dateTime={delivery.nextAttemptAt} title={format.dateTime(delivery.nextAttemptAt)}>
            {format.shortDateTime(delivery.nextAttemptAt)}
          </time>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell className="hidden align-top text-sm whitespace-nowrap text-muted-foreground md:table-cell">
        <time dateTime={delivery.createdAt} title={format.dateTime(delivery.createdAt)}>
          {created}
        </time>
      </TableCell>
      <TableCell className="pr-4 text-right align-top">
        {canResend(delivery) && (
          <Button
            variant="outline"
            size="sm"
            onClick={onResend}
            disabled={resend.isPending}
            aria-label={t('log.resendNamed', { event: delivery.eventType, time: created })}
          >
            {resend.isPending ? <Spinner /> : <RotateCcwIcon />} <span className="hidden sm:inline">{t('log.resend')}</span>
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}
