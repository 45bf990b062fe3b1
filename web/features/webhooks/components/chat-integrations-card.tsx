import {
  type ChatChoices,
  type ChatIntegration,
  ChatIntegrationSettingsSchema,
  type ChatPlatform,
  chatUrlMessage,
  isChatWebhookUrl,
  type Language,
  LANGUAGES,
} from '@core/contracts';
import { MessageSquareIcon, PencilIcon, PlusIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage } from '@web/i18n';
import { CardHeading } from '@web/components/card-heading';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { LoadError } from '@web/components/load-error';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { TimeInput } from '@web/components/time-input';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { LabelledSwitch } from '@web/components/labelled-switch';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { useCompanyFormat } from '@web/lib/format';
import {
  useChatIntegrations,
  useCreateChatIntegration,
  useDeleteChatIntegration,
  useSendChatTestMessage,
  useUpdateChatIntegration,
} from '../api/chat-integrations';

/*
 * Slack and Microsoft Teams on the Integrations page (decision 038): the channels the company posts
 * to, what each gets (each sale, goals reached, a daily summary at a local time) in which language,
 * and how its last post went.
 */

const PLATFORMS: ChatPlatform[] = ['slack', 'teams'];
const DEFAULT_CHOICES: ChatChoices = { sales: true, goals: true, dailySummary: { enabled: false, localTime: '16:00' } };

export function ChatIntegrationsCard() {
  const { t } = useTranslation('scoreboard');
  const [editing, setEditing] = useState<ChatIntegration | 'new' | null>(null);
  return (
    <Card>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <MessageSquareIcon className="size-5 text-primary" aria-hidden />
            <CardHeading>{t('chat.title')}</CardHeading>
          </div>
          <Button onClick={() => setEditing('new')}>
            <PlusIcon /> {t('chat.add')}
          </Button>
        </div>
        <CardDescription className="max-w-3xl">{t('chat.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ChatIntegrationList onEdit={setEditing} onAdd={() => setEditing('new')} />
      </CardContent>
      {editing !== null && <ChatIntegrationDialog integration={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function ChatIntegrationList({ onEdit, onAdd }: { onEdit: (integration: ChatIntegration) => void; onAdd: () => void }) {
  const { t } = useTranslation('scoreboard');
  const integrations = useChatIntegrations();
  const [toDelete, setToDelete] = useState<ChatIntegration | null>(null);
  const remove = useDeleteChatIntegration();

  if (integrations.isError && !integrations.data) {
    return <LoadError title={t('chat.loadFailed')} error={integrations.error} onRetry={integrations.refetch} layout="stacked" />;
  }
  if (integrations.isPending) {
    return (
      <div className="flex flex-col gap-2" aria-hidden>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  const rows = integrations.data.integrations;
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center">
        <MessageSquareIcon className="size-6 text-muted-foreground" aria-hidden />
        <p className="text-sm font-medium">{t('chat.emptyTitle')}</p>
        <p className="max-w-md text-sm text-muted-foreground">{t('chat.emptyText')}</p>
        <Button variant="outline" size="sm" onClick={onAdd} className="mt-2">
          <PlusIcon /> {t('chat.add')}
        </Button>
      </div>
    );
  }
  const onConfirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('chat.deleted'));
        setToDelete(null);
      },
      onError: (error) => toast.error(t('chat.deleteFailed'), { description: error.message }),
    });
  };
  return (
    <>
      <ul className="flex flex-col gap-3" aria-label={t('chat.listLabel')}>
        {rows.map((integration) => (
          <ChatIntegrationRow
            key={integration.id}
            integration={integration}
            onEdit={() => onEdit(integration)}
            onDelete={() => setToDelete(integration)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('chat.deleteTitle', { platform: toDelete ? t(`chat.platforms.${toDelete.platform}`) : '' })}
        description={t('chat.deleteText', { url: toDelete?.urlHint ?? '' })}
        confirmLabel={t('chat.deleteConfirm')}
        busyLabel={t('chat.deleting')}
        isBusy={remove.isPending}
        isDestructive
        onConfirm={onConfirmDelete}
      />
    </>
  );
}

function ChatIntegrationRow({ integration, onEdit, onDelete }: { integration: ChatIntegration; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('scoreboard');
  const format = useCompanyFormat();
  const test = useSendChatTestMessage();
  const platform = t(`chat.platforms.${integration.platform}`);
  const posts = [
    integration.choices.sales && t('chat.postsSales'),
    integration.choices.goals && t('chat.postsGoals'),
    integration.choices.dailySummary.enabled && t('chat.postsSummary', { time: integration.choices.dailySummary.localTime }),
  ].filter((text): text is string => typeof text === 'string');
  const last = integration.lastDelivery;

  const onTest = () =>
    test.mutate(integration.id, {
      onSuccess: () => toast.success(t('chat.testQueued'), { description: t('chat.testQueuedText', { platform }) }),
      onError: (error) => toast.error(t('chat.testFailed'), { description: error.message }),
    });

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-start sm:justify-between" data-testid="chat-integration">
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{platform}</span>
          <span className="truncate font-mono text-xs text-muted-foreground">{integration.urlHint}</span>
          {integration.enabled ? (
            <Badge variant="success">{t('chat.on')}</Badge>
          ) : integration.disabledReason === 'failing' ? (
            <Badge variant="destructive">{t('chat.disabledFailing')}</Badge>
          ) : (
            <Badge variant="secondary">{t('chat.off')}</Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          {posts.length > 0 ? t('chat.posts', { list: posts.join(', ') }) : t('chat.postsNothing')} ·{' '}
          {t(`chat.languages.${integration.language}`)}
        </p>
        {integration.disabledReason === 'failing' && <p className="text-sm text-destructive">{t('chat.disabledFailingText')}</p>}
        <p className="text-xs text-muted-foreground">
          {last ? (
            <>
              {/* A post not yet tried is queued; one tried and failed waits for its retry. */}
              {t(`chat.lastStatus.${last.status === 'pending' && last.attempts === 0 ? 'queued' : last.status}`)}
              {last.responseStatus !== null && ` (HTTP ${last.responseStatus})`} ·{' '}
              <time dateTime={last.at} title={format.dateTime(last.at)}>
                {format.shortDateTime(last.at)}
              </time>
              {last.status !== 'succeeded' && last.responseExcerpt ? ` · ${last.responseExcerpt.slice(0, 120)}` : ''}
            </>
          ) : (
            t('chat.noPostsYet')
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={onTest}
          disabled={test.isPending || !integration.enabled}
          aria-label={t('chat.testNamed', { platform })}
        >
          {test.isPending ? <Spinner /> : <SendIcon />} {t('chat.test')}
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={t('chat.editNamed', { platform })}>
          <PencilIcon /> {t('chat.edit')}
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={t('chat.deleteNamed', { platform })}>
          <Trash2Icon /> {t('chat.delete')}
        </Button>
      </div>
    </li>
  );
}

/** Add or edit: platform (fixed once saved), URL (only to replace it), language, what to post, on or off. */
function ChatIntegrationDialog({ integration, onClose }: { integration: ChatIntegration | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('scoreboard');
  const create = useCreateChatIntegration();
  const update = useUpdateChatIntegration();
  const adminLanguage: Language = normalizeLanguage(i18n.language);
  const [platform, setPlatform] = useState<ChatPlatform>(integration?.platform ?? 'slack');
  const [url, setUrl] = useState('');
  const [language, setLanguage] = useState<Language>(integration?.language ?? adminLanguage);
  const [choices, setChoices] = useState<ChatChoices>(integration?.choices ?? DEFAULT_CHOICES);
  const [enabled, setEnabled] = useState(integration?.enabled ?? true);
  const [errors, setErrors] = useState<{ url?: string; time?: string; form?: string }>({});
  const ids = { url: useId(), urlHint: useId(), urlError: useId(), time: useId(), timeError: useId() };
  const busy = create.isPending || update.isPending;

  const onError = (error: Error) => {
    if (error instanceof ApiRequestError && error.details?.url) setErrors({ url: error.details.url });
    else setErrors({ form: error.message });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const timeOk = /^([01]\d|2[0-3]):[0-5]\d$/.test(choices.dailySummary.localTime);
    if (integration) {
      const trimmed = url.trim();
      const next: { url?: string; time?: string } = {};
      if (trimmed && !isChatWebhookUrl(platform, trimmed)) next.url = chatUrlMessage(platform);
      if (!timeOk) next.time = t('chat.timeInvalid');
      setErrors(next);
      if (next.url || next.time) return;
      update.mutate(
        { id: integration.id, changes: { ...(trimmed && { url: trimmed }), language, choices, enabled } },
        {
          onSuccess: () => {
            toast.success(t('chat.saved'));
            onClose();
          },
          onError,
        },
      );
      return;
    }
    const parsed = ChatIntegrationSettingsSchema.safeParse({ platform, url, language, choices });
    if (!parsed.success) {
      const issue = (path: string) => parsed.error.issues.find((i) => i.path.join('.').startsWith(path))?.message;
      setErrors({ url: issue('url'), time: issue('choices.dailySummary') ? t('chat.timeInvalid') : undefined });
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('chat.added', { platform: t(`chat.platforms.${platform}`) }));
        onClose();
      },
      onError,
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            {integration ? t('chat.editTitle', { platform: t(`chat.platforms.${integration.platform}`) }) : t('chat.addTitle')}
          </DialogTitle>
          <DialogDescription>{t('chat.dialogText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" id="chat-integration-form">
          <fieldset className="flex flex-col gap-2" disabled={integration !== null}>
            <legend className="mb-2 text-sm font-medium">{t('chat.platformLabel')}</legend>
            <div className="grid grid-cols-2 gap-2">
              {PLATFORMS.map((option) => (
                <label
                  key={option}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border p-3 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:ring-2 has-focus-visible:ring-ring has-disabled:cursor-not-allowed has-disabled:opacity-70"
                >
                  <input
                    type="radio"
                    name="platform"
                    value={option}
                    checked={platform === option}
                    onChange={() => {
                      setPlatform(option);
                      setErrors({});
                    }}
                    className="accent-primary"
                  />
                  {t(`chat.platforms.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>

          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.url}>{integration ? t('chat.urlReplaceLabel') : t('chat.urlLabel')}</Label>
            <Input
              id={ids.url}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              placeholder={platform === 'slack' ? 'https://hooks.slack.com/services/…' : 'https://….webhook.office.com/…'}
              autoComplete="off"
              spellCheck={false}
              className="font-mono text-xs"
              aria-invalid={errors.url ? true : undefined}
              aria-describedby={`${ids.urlHint}${errors.url ? ` ${ids.urlError}` : ''}`}
            />
            <FieldError id={ids.urlError}>{errors.url}</FieldError>
            <p id={ids.urlHint} className="text-xs text-muted-foreground">
              {integration ? t('chat.urlKept', { url: integration.urlHint }) + ' ' : ''}
              {t(`chat.urlHint.${platform}`)}
            </p>
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{t('chat.whatLabel')}</legend>
            <LabelledSwitch label={t('chat.choiceSales')} checked={choices.sales} onChange={(sales) => setChoices({ ...choices, sales })} />
            <LabelledSwitch label={t('chat.choiceGoals')} checked={choices.goals} onChange={(goals) => setChoices({ ...choices, goals })} />
            <div className="flex flex-wrap items-center gap-3">
              <LabelledSwitch
                label={t('chat.choiceSummary')}
                checked={choices.dailySummary.enabled}
                onChange={(on) => setChoices({ ...choices, dailySummary: { ...choices.dailySummary, enabled: on } })}
              />
              <Label htmlFor={ids.time} className="sr-only">
                {t('chat.summaryTime')}
              </Label>
              <TimeInput
                id={ids.time}
                value={choices.dailySummary.localTime}
                disabled={!choices.dailySummary.enabled}
                onValueChange={(localTime) => setChoices({ ...choices, dailySummary: { ...choices.dailySummary, localTime } })}
                className="w-28"
                aria-invalid={errors.time ? true : undefined}
                aria-describedby={errors.time ? ids.timeError : undefined}
              />
            </div>
            <FieldError id={ids.timeError}>{errors.time}</FieldError>
            <p className="text-xs text-muted-foreground">{t('chat.summaryHint')}</p>
          </fieldset>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('chat.languageLabel')}</legend>
            <div className="flex gap-2">
              {LANGUAGES.map((option) => (
                <label
                  key={option}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary-soft has-focus-visible:ring-2 has-focus-visible:ring-ring"
                >
                  <input
                    type="radio"
                    name="language"
                    value={option}
                    checked={language === option}
                    onChange={() => setLanguage(option)}
                    className="accent-primary"
                  />
                  {t(`chat.languages.${option}`)}
                </label>
              ))}
            </div>
          </fieldset>

          {integration && <LabelledSwitch label={t('chat.enabledLabel')} checked={enabled} onChange={setEnabled} />}
          {errors.form && (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          )}
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('chat.cancel')}
          </Button>
          <Button type="submit" form="chat-integration-form" disabled={busy}>
            {busy && <Spinner />} {integration ? t('chat.save') : t('chat.connect')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
