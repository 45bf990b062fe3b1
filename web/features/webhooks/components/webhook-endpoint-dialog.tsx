import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_ENDPOINTS_PER_COMPANY,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@core/contracts';
import { TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { CheckboxCard } from '@web/components/checkbox-card';
import { describeUrlRefusal, looksLikeWebUrl } from '../lib/url-refusal';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from '../api/webhooks';

type Errors = { url?: string; description?: string; events?: string; root?: string };

/**
 * Add or edit an endpoint: its URL, a description, the events it receives (each with what it
 * means), on or off. A refusal (an http:// URL, a private address) shows under its field in the
 * reader's language, and everything typed stays. A new endpoint hands its secret to `onCreated`.
 */
export function WebhookEndpointDialog({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const busy = create.isPending || update.isPending;
  const allChecked = events.length === WEBHOOK_EVENT_TYPES.length;

  const toggle = (type: WebhookEventType, checked: boolean) => {
    // Kept in the catalog's order, as the server stores them.
    setEvents((current) => WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? checked : current.includes(each))));
    setErrors((current) => ({ ...current, events: undefined }));
  };

  const onError = (error: unknown) => {
    if (error instanceof ApiRequestError && error.code === 'too_many_webhook_endpoints') {
      setErrors({ root: t('dialog.tooMany', { max: WEBHOOK_ENDPOINTS_PER_COMPANY }) });
      return;
    }
    const details = error instanceof ApiRequestError ? error.details : undefined;
    if (details?.url || details?.events || details?.description) {
      setErrors({
        url: details.url ? describeUrlRefusal(details.url, t) : undefined,
        events: details.events ? t('dialog.eventsRequired') : undefined,
        description: details.description,
      });
      return;
    }
    setErrors({ root: error instanceof Error ? error.message : t('dialog.failed') });
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    const found: Errors = {};
    if (!trimmed) found.url = t('dialog.urlRequired');
    else if (!looksLikeWebUrl(trimmed)) found.url = t('dialog.urlInvalid');
    if (events.length === 0) found.events = t('dialog.eventsRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.url ? `${id}-url` : `${id}-${events[0] ?? WEBHOOK_EVENT_TYPES[0]}`)?.focus();
      return;
    }
    const input = { url: trimmed, description: description.trim(), events, enabled };
    try {
      if (endpoint) {
        await update.mutateAsync({ id: endpoint.id, changes: input });
        toast.success(t('dialog.saved'));
        onClose();
      } else {
        onCreated(await create.mutateAsync(input));
      }
    } catch (error) {
      onError(error);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[92dvh] max-w-xl overflow-y-auto">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{endpoint ? t('dialog.editTitle') : t('dialog.addTitle')}</DialogTitle>
            <DialogDescription>{t('dialog.text')}</DialogDescription>
          </DialogHeader>
          {errors.root && (
            <Alert variant="destructive">
              <TriangleAlertIcon />
              <AlertDescription>{errors.root}</AlertDescription>
            </Alert>
          )}
          <div className="space-y-2">
            <Label htmlFor={`${id}-url`}>{t('dialog.url')}</Label>
            <Input
              id={`${id}-url`}
              type="url"
              inputMode="url"
              value={url}
              maxLength={WEBHOOK_URL_MAX}
              placeholder="https://example.com/webhooks/dealboard"
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-sm"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={errors.url ? `${id}-url-error ${id}-url-hint` : `${id}-url-hint`}
              onChange={(event) => {
                setUrl(event.target.value);
                setErrors((current) => ({ ...current, url: undefined }));
              }}
            />
            <FieldError id={`${id}-url-error`}>{errors.url}</FieldError>
            <p id={`${id}-url-hint`} className="text-xs text-muted-foreground">
              {t('dialog.urlHint')}
            </p>
          </div>
          <div className="space-y-2">
            <div className="flex items-baseline justify-between gap-3">
              <Label htmlFor={`${id}-description`}>
                {t('dialog.descriptionLabel')} <span className="font-normal text-muted-foreground">({t('dialog.optional')})</span>
              </Label>
              <span
                id={`${id}-description-count`}
                className={cn(
                  'text-xs text-muted-foreground tabular-nums',
                  description.length >= WEBHOOK_DESCRIPTION_MAX && 'text-warning-strong',
                )}
              >
                {t('dialog.descriptionCount', { count: description.length, max: WEBHOOK_DESCRIPTION_MAX })}
              </span>
            </div>
            <Input
              id={`${id}-description`}
              value={description}
              maxLength={WEBHOOK_DESCRIPTION_MAX}
              placeholder={t('dialog.descriptionPlaceholder')}
              autoComplete="off"
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? `${id}-description-error ${id}-description-count` : `${id}-description-count`}
              onChange={(event) => {
                setDescription(event.target.value);
                setErrors((current) => ({ ...current, description: undefined }));
              }}
            />
            <FieldError id={`${id}-description-error`}>{errors.description}</FieldError>
          </div>
          <fieldset className="space-y-2" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
            <div className="mb-2 flex items-center justify-between gap-3">
              <legend className="text-sm font-medium">{t('dialog.events')}</legend>
              <label className="flex cursor-pointer items-center gap-2 text-xs text-muted-foreground">
                <input
                  type="checkbox"
                  className="size-3.5 accent-primary"
                  checked={allChecked}
                  onChange={(event) => {
                    setEvents(event.target.checked ? [...WEBHOOK_EVENT_TYPES] : []);
                    setErrors((current) => ({ ...current, events: undefined }));
                  }}
                />
                {t('dialog.allEvents')}
              </label>
            </div>
            <div className="grid gap-2 sm:grid-cols-2">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <CheckboxCard
                  key={type}
                  id={`${id}-${type}`}
                  className="has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  checked={events.includes(type)}
                  onCheckedChange={(checked) => toggle(type, checked)}
                  labelClassName="font-mono text-xs font-medium"
                  label={type}
                  description={t(`events.${type}`)}
                />
              ))}
            </div>
            <FieldError id={`${id}-events-error`}>{errors.events}</FieldError>
          </fieldset>
          <div className="flex items-center gap-3">
            <Switch id={`${id}-enabled`} checked={enabled} onCheckedChange={setEnabled} />
            <Label htmlFor={`${id}-enabled`} className="font-normal">
              {t('dialog.enabled')}
            </Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy && <Spinner />}
              {endpoint ? (busy ? t('dialog.saving') : t('dialog.save')) : busy ? t('dialog.creating') : t('dialog.create')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
