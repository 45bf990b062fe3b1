import { WEBHOOK_ENDPOINTS_PER_COMPANY, type WebhookEndpoint, type WebhookEndpointWithSecret } from '@core/contracts';
import {
  ChevronDownIcon,
  ExternalLinkIcon,
  KeyRoundIcon,
  PencilIcon,
  PlusIcon,
  PowerIcon,
  SendIcon,
  Trash2Icon,
  TriangleAlertIcon,
  WebhookIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { DeliveryLog } from '../components/delivery-log';
import { WebhookEndpointDialog } from '../components/webhook-endpoint-dialog';
import { type RevealedSecret, WebhookSecretDialog } from '../components/webhook-secret-dialog';
import { DELIVERY_STATUS_BADGE, deliveryStatusKey } from '../lib/delivery-status';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';

/*
 * /app/admin/webhooks (decision 037, "The admins' screen"): the company's signed webhook endpoints
 * with their state and last delivery; add, edit, turn on again, send a test, rotate the secret,
 * delete; and each endpoint's delivery log with Resend.
 */

type Confirming = { endpoint: WebhookEndpoint; action: 'delete' | 'rotate' };

export function Component() {
  const { t } = useTranslation('webhooks');
  const endpoints = useWebhookEndpoints();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const list = endpoints.data?.endpoints ?? [];
  const isFull = list.length >= WEBHOOK_ENDPOINTS_PER_COMPANY;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <WebhookIcon className="size-5 text-primary" aria-hidden />
              <CardHeading>{t('title')}</CardHeading>
            </div>
            {list.length > 0 && (
              <Button onClick={() => setEditing('new')} disabled={isFull}>
                <PlusIcon /> {t('add')}
              </Button>
            )}
          </div>
          <CardDescription className="max-w-3xl">{t('description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {endpoints.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <Skeleton className="h-32" />
              <Skeleton className="h-32" />
            </div>
          ) : endpoints.isError && !endpoints.data ? (
            <LoadError title={t('loadFailed')} error={endpoints.error} onRetry={() => void endpoints.refetch()} />
          ) : list.length === 0 ? (
            <EmptyState
              icon={WebhookIcon}
              title={t('emptyTitle')}
              description={t('emptyText')}
              action={
                <div className="flex flex-wrap items-center justify-center gap-2">
                  <Button onClick={() => setEditing('new')}>
                    <PlusIcon /> {t('add')}
                  </Button>
                  <Button asChild variant="outline">
                    <a href={paths.apiDocs} target="_blank" rel="noopener">
                      {t('verifyLink')} <ExternalLinkIcon />
                    </a>
                  </Button>
                </div>
              }
            />
          ) : (
            <>
              <ul className="flex flex-col gap-3" aria-label={t('listLabel')}>
                {list.map((endpoint) => (
                  <EndpointRow
                    key={endpoint.id}
                    endpoint={endpoint}
                    onEdit={() => setEditing(endpoint)}
                    onRotate={() => setConfirming({ endpoint, action: 'rotate' })}
                    onDelete={() => setConfirming({ endpoint, action: 'delete' })}
                  />
                ))}
              </ul>
              <p className="mt-4 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>{t('count', { count: list.length, max: WEBHOOK_ENDPOINTS_PER_COMPANY })}</span>
                <a
                  href={paths.apiDocs}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                >
                  {t('verifyLink')} <ExternalLinkIcon className="size-3" aria-hidden />
                </a>
              </p>
            </>
          )}
        </CardContent>
      </Card>
      {editing !== null && (
        <WebhookEndpointDialog
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onCreated={(endpoint) => {
            setEditing(null);
            setRevealed({ endpoint, reason: 'created' });
          }}
        />
      )}
      <ConfirmEndpointAction
        confirming={confirming}
        onClose={() => setConfirming(null)}
        onRotated={(endpoint) => setRevealed({ endpoint, reason: 'rotated' })}
      />
      <WebhookSecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </div>
  );
}

function EndpointRow({
  endpoint,
  onEdit,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onEdit: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const [isLogOpen, setLogOpen] = useState(false);
  const logId = useId();
  const test = useSendWebhookTest();
  const update = useUpdateWebhookEndpoint();
  const url = endpoint.url;

  const onTest = () =>
    test.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(t('actions.testSent'), { description: t('actions.testSentText') });
        // The log shows the test arriving: open it.
        setLogOpen(true);
      },
      onError: (error) => toast.error(t('actions.testFailed'), { description: error.message }),
    });

  const onTurnOn = () =>
    update.mutate(
      { id: endpoint.id, changes: { enabled: true } },
      {
        onSuccess: () => toast.success(t('actions.turnedOn'), { description: t('actions.turnedOnText') }),
        onError: (error) => toast.error(t('actions.turnOnFailed'), { description: error.message }),
      },
    );

  return (
    <li className={cn('flex flex-col gap-4 rounded-lg border p-4', !endpoint.enabled && 'bg-muted/30')} data-testid="webhook-endpoint">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium break-all">{url}</span>
            {endpoint.enabled ? (
              <Badge variant="success">{t('state.on')}</Badge>
            ) : endpoint.disabledReason === 'failing' ? (
              <Badge variant="destructive">{t('state.failing')}</Badge>
            ) : (
              <Badge variant="secondary">{t('state.off')}</Badge>
            )}
          </div>
          <p className={cn('text-sm', endpoint.description ? 'text-foreground' : 'text-muted-foreground italic')}>
            {endpoint.description || t('noDescription')}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label={t('eventsLabel')}>
            {endpoint.events.map((type) => (
              <li key={type}>
                <Badge variant="soft" className="font-mono font-normal" title={t(`events.${type}`)}>
                  {type}
                </Badge>
              </li>
            ))}
          </ul>
          <LastDelivery endpointId={endpoint.id} />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {endpoint.enabled ? (
            <Button variant="outline" size="sm" onClick={onTest} disabled={test.isPending} aria-label={t('actions.testNamed', { url })}>
              {test.isPending ? <Spinner /> : <SendIcon />} {t('actions.test')}
            </Button>
          ) : (
            <Button size="sm" onClick={onTurnOn} disabled={update.isPending} aria-label={t('actions.turnOnNamed', { url })}>
              {update.isPending ? <Spinner /> : <PowerIcon />} {t('actions.turnOn')}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => setLogOpen((open) => !open)}
            aria-expanded={isLogOpen}
            aria-controls={isLogOpen ? logId : undefined}
            aria-label={t('actions.logNamed', { url })}
          >
            {t('actions.log')} <ChevronDownIcon className={cn('transition-transform', isLogOpen && 'rotate-180')} />
          </Button>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('actions.editNamed', { url })}>
            <PencilIcon /> {t('actions.edit')}
          </Button>
          <Button variant="outline" size="sm" onClick={onRotate} aria-label={t('actions.rotateNamed', { url })}>
            <KeyRoundIcon /> {t('actions.rotate')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="border-destructive/40 text-destructive hover:bg-destructive-soft hover:text-destructive"
            onClick={onDelete}
            aria-label={t('actions.deleteNamed', { url })}
          >
            <Trash2Icon /> {t('actions.delete')}
          </Button>
        </div>
      </div>
      {!endpoint.enabled && (
        <p
          className={cn(
            'flex items-start gap-2 text-sm',
            endpoint.disabledReason === 'failing' ? 'text-destructive' : 'text-muted-foreground',
          )}
        >
          {endpoint.disabledReason === 'failing' && <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden />}
          {endpoint.disabledReason === 'failing' ? t('failingText') : t('offText')}
        </p>
      )}
      {isLogOpen && <DeliveryLog endpoint={endpoint} id={logId} />}
    </li>
  );
}

/** The newest delivery's status, from the same query as the log. */
function LastDelivery({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const format = useCompanyFormat();
  const deliveries = useWebhookDeliveries(endpointId);
  if (deliveries.isPending) return <Skeleton className="h-4 w-48" />;
  const last = deliveries.data?.deliveries[0];
  if (!last) {
    return <p className="text-xs text-muted-foreground">{deliveries.isError ? t('log.loadFailed') : t('noDeliveries')}</p>;
  }
  const status = deliveryStatusKey(last);
  const label = t(`log.status_${status}`);
  return (
    <p className="text-xs text-muted-foreground" data-testid="webhook-last-delivery">
      <span
        className={cn('mr-1.5 inline-block size-2 rounded-full align-middle', {
          'bg-success': DELIVERY_STATUS_BADGE[status] === 'success',
          'bg-destructive': DELIVERY_STATUS_BADGE[status] === 'destructive',
          'bg-warning': DELIVERY_STATUS_BADGE[status] === 'warning',
          'bg-muted-foreground': DELIVERY_STATUS_BADGE[status] === 'secondary' || DELIVERY_STATUS_BADGE[status] === 'soft',
        })}
        aria-hidden
      />
      {last.responseStatus !== null
        ? t('lastDeliveryCode', { status: label, code: last.responseStatus })
        : t('lastDelivery', { status: label })}
      {' · '}
      <code className="font-mono">{last.eventType}</code>
      {' · '}
      <time dateTime={last.createdAt} title={format.dateTime(last.createdAt)}>
        {format.shortDateTime(last.createdAt)}
      </time>
    </p>
  );
}

/** Delete or rotate, behind the shared confirm dialog; a rotation hands the new secret on. */
function ConfirmEndpointAction({
  confirming,
  onClose,
  onRotated,
}: {
  confirming: Confirming | null;
  onClose: () => void;
  onRotated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation('webhooks');
  const remove = useDeleteWebhookEndpoint();
  const rotate = useRotateWebhookSecret();
  // Keep the last endpoint's words while the dialog animates closed.
  const [shown, setShown] = useState<Confirming | null>(null);
  if (confirming && confirming !== shown) setShown(confirming);
  const action = shown?.action ?? 'delete';
  const url = shown?.endpoint.url ?? '';

  const onConfirm = () => {
    if (!confirming) return;
    const { endpoint } = confirming;
    if (confirming.action === 'delete') {
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          toast.success(t('remove.done'), { description: endpoint.url });
          onClose();
        },
        onError: (error) => toast.error(t('remove.failed'), { description: error.message }),
      });
    } else {
      rotate.mutate(endpoint.id, {
        onSuccess: (rotated) => {
          onClose();
          onRotated(rotated);
        },
        onError: (error) => toast.error(t('rotate.failed'), { description: error.message }),
      });
    }
  };

  return (
    <ConfirmDialog
      open={confirming !== null}
      onOpenChange={(open) => !open && onClose()}
      title={action === 'delete' ? t('remove.title') : t('rotate.title')}
      description={<span className="break-all">{action === 'delete' ? t('remove.text', { url }) : t('rotate.text', { url })}</span>}
      confirmLabel={action === 'delete' ? t('remove.confirm') : t('rotate.confirm')}
      busyLabel={action === 'delete' ? t('remove.busy') : t('rotate.busy')}
      isBusy={remove.isPending || rotate.isPending}
      isDestructive={action === 'delete'}
      onConfirm={onConfirm}
    />
  );
}
