import {
  type CreatedInboundSource,
  INBOUND_SIGNATURES,
  INBOUND_SOURCES_PER_COMPANY,
  type InboundSignature,
  type InboundSource,
} from '@core/contracts';
import {
  CheckIcon,
  CopyIcon,
  ExternalLinkIcon,
  KeyRoundIcon,
  ListIcon,
  PlugZapIcon,
  PlusIcon,
  PowerIcon,
  Trash2Icon,
  WaypointsIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/toaster';
import { copyText } from '@web/lib/clipboard';
import { useCompanyFormat } from '@web/lib/format';
import { ApiRequestError } from '@web/lib/api';
import { paths } from '@web/lib/paths';
import {
  useCreateInboundSource,
  useDeleteInboundSource,
  useInboundSources,
  useRotateInboundSecret,
  useUpdateInboundSource,
} from '../api/inbound-sources';
import { InboundMappingDialog } from '../components/inbound-mapping-dialog';
import { InboundPayloadLog } from '../components/inbound-payload-log';

/*
 * /app/admin/connections (decision 120): the company's inbound sources, each with its URL, state and
 * last payload; add one (its secret shown once), map what it sends against what it really sent, read
 * its log, turn it off, rotate its secret, delete it.
 */

type Confirming = { source: InboundSource; action: 'delete' | 'rotate' };
type Revealed = { source: CreatedInboundSource; reason: 'created' | 'rotated' };

export function Component() {
  const { t } = useTranslation('connections');
  const sources = useInboundSources();
  const [isAdding, setAdding] = useState(false);
  const [mapping, setMapping] = useState<InboundSource | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const list = sources.data?.sources ?? [];
  const isFull = list.length >= INBOUND_SOURCES_PER_COMPANY;

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <PlugZapIcon className="size-5 text-primary" aria-hidden />
              <CardHeading>{t('inbound.title')}</CardHeading>
            </div>
            {list.length > 0 && (
              <Button onClick={() => setAdding(true)} disabled={isFull}>
                <PlusIcon /> {t('inbound.add')}
              </Button>
            )}
          </div>
          <CardDescription className="max-w-3xl">{t('inbound.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          {sources.isPending ? (
            <div className="flex flex-col gap-3" aria-busy="true">
              <Skeleton className="h-28" />
              <Skeleton className="h-28" />
            </div>
          ) : sources.isError && !sources.data ? (
            <LoadError title={t('inbound.loadFailed')} error={sources.error} onRetry={() => void sources.refetch()} />
          ) : list.length === 0 ? (
            <EmptyState
              icon={PlugZapIcon}
              title={t('inbound.emptyTitle')}
              description={t('inbound.emptyText')}
              action={
                <div className="flex flex-wrap items-center justify-center gap-2">
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon /> {t('inbound.add')}
                  </Button>
                  <Button asChild variant="outline">
                    <a href={paths.apiDocs} target="_blank" rel="noopener">
                      {t('inbound.docsLink')} <ExternalLinkIcon />
                    </a>
                  </Button>
                </div>
              }
            />
          ) : (
            <>
              <ul className="flex flex-col gap-3" aria-label={t('inbound.listLabel')}>
                {list.map((source) => (
                  <SourceRow
                    key={source.id}
                    source={source}
                    onMap={() => setMapping(source)}
                    onRotate={() => setConfirming({ source, action: 'rotate' })}
                    onDelete={() => setConfirming({ source, action: 'delete' })}
                  />
                ))}
              </ul>
              <p className="mt-4 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
                <span>{t('inbound.count', { count: list.length, max: INBOUND_SOURCES_PER_COMPANY })}</span>
                <a
                  href={paths.apiDocs}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                >
                  {t('inbound.docsLink')} <ExternalLinkIcon className="size-3" aria-hidden />
                </a>
              </p>
            </>
          )}
        </CardContent>
      </Card>
      {isAdding && (
        <AddSourceDialog
          onClose={() => setAdding(false)}
          onCreated={(source) => {
            setAdding(false);
            setRevealed({ source, reason: 'created' });
          }}
        />
      )}
      {mapping && <InboundMappingDialog source={mapping} onClose={() => setMapping(null)} />}
      <ConfirmSourceAction
        confirming={confirming}
        onClose={() => setConfirming(null)}
        onRotated={(source) => setRevealed({ source, reason: 'rotated' })}
      />
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </div>
  );
}

function SourceRow({
  source,
  onMap,
  onRotate,
  onDelete,
}: {
  source: InboundSource;
  onMap: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('connections');
  const f = useCompanyFormat();
  const update = useUpdateInboundSource();
  const [isLogOpen, setLogOpen] = useState(false);
  const logId = useId();

  async function onToggle() {
    try {
      await update.mutateAsync({ id: source.id, changes: { enabled: !source.enabled } });
      toast.success(t(source.enabled ? 'inbound.turnedOff' : 'inbound.turnedOn', { name: source.name }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  return (
    <li className="rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{source.name}</span>
            <Badge variant={source.enabled ? 'success' : 'secondary'}>{source.enabled ? t('inbound.on') : t('inbound.off')}</Badge>
            <Badge variant={source.mapping ? 'outline' : 'warning'}>{source.mapping ? t('inbound.mapped') : t('inbound.notMapped')}</Badge>
          </h3>
          <p className="text-sm text-muted-foreground">
            {t(`inbound.signature.${source.signature}`, { header: source.signatureHeader })} ·{' '}
            {source.lastReceivedAt ? t('inbound.lastReceived', { when: f.dateTime(source.lastReceivedAt) }) : t('inbound.neverReceived')}
          </p>
          <CopyableUrl url={source.url} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="default" size="sm" onClick={onMap}>
            <WaypointsIcon /> {t('inbound.actions.mapping')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setLogOpen((open) => !open)} aria-expanded={isLogOpen} aria-controls={logId}>
            <ListIcon /> {isLogOpen ? t('inbound.actions.hideLog') : t('inbound.actions.log')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void onToggle()} disabled={update.isPending}>
            <PowerIcon /> {source.enabled ? t('inbound.actions.turnOff') : t('inbound.actions.turnOn')}
          </Button>
          <Button variant="outline" size="sm" onClick={onRotate}>
            <KeyRoundIcon /> {t('inbound.actions.rotate')}
          </Button>
          <Button variant="outline" size="sm" onClick={onDelete} aria-label={`${t('inbound.actions.delete')}: ${source.name}`}>
            <Trash2Icon /> {t('inbound.actions.delete')}
          </Button>
        </div>
      </div>
      {isLogOpen && (
        <div id={logId} className="mt-4 border-t pt-4">
          <InboundPayloadLog source={source} />
        </div>
      )}
    </li>
  );
}

function CopyableUrl({ url }: { url: string }) {
  const { t } = useTranslation('connections');
  const [isCopied, setCopied] = useState(false);
  const id = useId();
  async function onCopy() {
    try {
      await copyText(url);
      setCopied(true);
    } catch {
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      toast.error(t('inbound.copyFailed'));
    }
  }
  return (
    <div className="flex max-w-2xl items-center gap-2 pt-1">
      <Label htmlFor={id} className="sr-only">
        {t('inbound.url')}
      </Label>
      <Input id={id} readOnly value={url} className="h-8 font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
      <Button type="button" size="sm" variant="outline" onClick={() => void onCopy()} aria-live="polite">
        {isCopied ? <CheckIcon /> : <CopyIcon />}
        {isCopied ? t('inbound.copied') : t('inbound.copyUrl')}
      </Button>
    </div>
  );
}

function AddSourceDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (source: CreatedInboundSource) => void }) {
  const { t } = useTranslation('connections');
  const create = useCreateInboundSource();
  const [name, setName] = useState('');
  const [signature, setSignature] = useState<InboundSignature>('standard_webhooks');
  const [header, setHeader] = useState('x-signature');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    try {
      onCreated(await create.mutateAsync({ name, signature, ...(signature === 'hmac_sha256' ? { signatureHeader: header } : {}) }));
    } catch (error) {
      const details = error instanceof ApiRequestError ? error.details : undefined;
      setErrors(
        details && Object.keys(details).length > 0
          ? details
          : { form: error instanceof Error ? error.message : t('inbound.dialog.failed') },
      );
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <form onSubmit={(event) => void onSubmit(event)} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('inbound.dialog.title')}</DialogTitle>
            <DialogDescription>{t('inbound.description')}</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>{t('inbound.dialog.name')}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder={t('inbound.dialog.namePlaceholder')}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? `${id}-name-error` : undefined}
            />
            <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
          </div>
          <div className="space-y-2">
            <Label id={`${id}-signature`}>{t('inbound.dialog.signature')}</Label>
            <LazySelect
              value={signature}
              onValueChange={setSignature}
              options={INBOUND_SIGNATURES.map((value) => ({
                value,
                label: t(`inbound.signature.${value}`, { header: header || 'x-signature' }),
              }))}
              aria-labelledby={`${id}-signature`}
              aria-describedby={`${id}-signature-help`}
              className="w-full"
            />
            <p id={`${id}-signature-help`} className="text-xs text-muted-foreground">
              {t('inbound.dialog.signatureHelp')}
            </p>
          </div>
          {signature === 'hmac_sha256' && (
            <div className="space-y-2">
              <Label htmlFor={`${id}-header`}>{t('inbound.dialog.header')}</Label>
              <Input
                id={`${id}-header`}
                value={header}
                onChange={(event) => setHeader(event.target.value)}
                className="font-mono"
                aria-invalid={Boolean(errors.signatureHeader)}
                aria-describedby={errors.signatureHeader ? `${id}-header-error` : undefined}
              />
              <FieldError id={`${id}-header-error`}>{errors.signatureHeader}</FieldError>
            </div>
          )}
          {errors.form && <FieldError id={`${id}-form-error`}>{errors.form}</FieldError>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('inbound.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {t('inbound.dialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SecretDialog({ revealed, onClose }: { revealed: Revealed | null; onClose: () => void }) {
  const { t } = useTranslation('connections');
  const [isCopied, setCopied] = useState(false);
  const id = useId();
  const close = () => {
    setCopied(false);
    onClose();
  };
  async function onCopy() {
    try {
      await copyText(revealed?.source.secret ?? '');
      setCopied(true);
    } catch {
      (document.getElementById(`${id}-secret`) as HTMLInputElement | null)?.select();
      toast.error(t('inbound.copyFailed'));
    }
  }
  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[92dvh] max-w-xl overflow-y-auto" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{revealed?.reason === 'rotated' ? t('inbound.secret.rotatedTitle') : t('inbound.secret.createdTitle')}</DialogTitle>
          <DialogDescription>{t('inbound.secret.text')}</DialogDescription>
        </DialogHeader>
        {revealed && <CopyableUrl url={revealed.source.url} />}
        <div className="space-y-2">
          <Label htmlFor={`${id}-secret`}>{t('inbound.secret.label')}</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-secret`}
              readOnly
              value={revealed?.source.secret ?? ''}
              className="font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
              data-testid="inbound-secret"
            />
            <Button type="button" variant={isCopied ? 'success' : 'default'} onClick={() => void onCopy()} aria-live="polite">
              {isCopied ? <CheckIcon /> : <CopyIcon />}
              {isCopied ? t('inbound.secret.copied') : t('inbound.secret.copy')}
            </Button>
          </div>
        </div>
        <Alert variant="warning">
          <KeyRoundIcon />
          <AlertTitle>{t('inbound.secret.warningTitle')}</AlertTitle>
          <AlertDescription>{t('inbound.secret.warning')}</AlertDescription>
        </Alert>
        <DialogFooter>
          <Button onClick={close}>{t('inbound.secret.done')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ConfirmSourceAction({
  confirming,
  onClose,
  onRotated,
}: {
  confirming: Confirming | null;
  onClose: () => void;
  onRotated: (source: CreatedInboundSource) => void;
}) {
  const { t } = useTranslation('connections');
  const remove = useDeleteInboundSource();
  const rotate = useRotateInboundSecret();
  const action = confirming?.action ?? 'delete';
  const name = confirming?.source.name ?? '';
  const key = action === 'delete' ? 'confirmDelete' : 'confirmRotate';
  return (
    <ConfirmDialog
      open={confirming !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(`inbound.${key}.title`, { name })}
      description={t(`inbound.${key}.text`)}
      confirmLabel={t(`inbound.${key}.confirm`)}
      isDestructive={action === 'delete'}
      isBusy={remove.isPending || rotate.isPending}
      onConfirm={() => {
        if (!confirming) return;
        const done =
          action === 'delete' ? remove.mutateAsync(confirming.source.id) : rotate.mutateAsync(confirming.source.id).then(onRotated);
        done.then(
          () => {
            if (action === 'delete') toast.success(t('inbound.deleted', { name }));
            onClose();
          },
          (error: unknown) => toast.error(error instanceof Error ? error.message : String(error)),
        );
      }}
    />
  );
}
