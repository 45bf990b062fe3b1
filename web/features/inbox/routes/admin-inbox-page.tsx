import type { ContactRequestView } from '@core/contracts';
import { BuildingIcon, CheckIcon, InboxIcon, MailIcon, RotateCcwIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { SettingsCardSkeleton } from '@web/components/settings-card-skeleton';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { getBrandName } from '@web/lib/brand';
import { cn } from '@web/lib/cn';
import { useCompanyFormat } from '@web/lib/format';
import { useChangeContactRequest } from '../api/change-contact-request';
import { type ContactRequestStatusFilter, useContactRequests } from '../api/get-contact-requests';

/*
 * Administration, Inbox: requests from the public /contact form (GET /api/v1/admin/contact-requests),
 * newest first. An admin replies by e-mail, marks a request handled (or open again) or deletes it.
 */

const STATUSES: ContactRequestStatusFilter[] = ['open', 'handled', 'all'];

export function Component() {
  const { t } = useTranslation('inbox');
  const { me } = useAuth();
  // In a multi-tenant installation only the company that runs it reads the leads; the server
  // refuses the others (403), so they get an explanation instead of a failed load.
  if (!me?.operator) {
    return <EmptyState icon={InboxIcon} title={t('notOperator.title')} description={t('notOperator.text')} />;
  }
  return <Inbox />;
}

function Inbox() {
  const { t } = useTranslation('inbox');
  const format = useCompanyFormat();
  const [status, setStatus] = useState<ContactRequestStatusFilter>('open');
  const [toDelete, setToDelete] = useState<ContactRequestView | null>(null);
  const query = useContactRequests(status);
  const change = useChangeContactRequest();

  const mark = (request: ContactRequestView, handled: boolean) =>
    change.mutate(
      { id: request.id, handled },
      {
        onSuccess: () => toast.success(handled ? t('markedHandled') : t('reopened')),
        onError: (error) => toast.error(t('actionError'), { description: error.message }),
      },
    );
  const remove = () =>
    toDelete &&
    change.mutate(
      { id: toDelete.id, remove: true },
      {
        onSuccess: () => {
          toast.success(t('deleted'));
          setToDelete(null);
        },
        onError: (error) => toast.error(t('actionError'), { description: error.message }),
      },
    );

  return (
    <section aria-labelledby="inbox-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="inbox-title" className="flex items-center gap-2 text-lg font-semibold">
            {t('title')}
            {query.data && query.data.openCount > 0 && <Badge variant="soft">{t('openCount', { count: query.data.openCount })}</Badge>}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
        </div>
        <div role="group" aria-label={t('filters.label')} className="inline-flex rounded-lg bg-muted p-1">
          {STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={status === value}
              onClick={() => setStatus(value)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                status === value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {t(`filters.${value}`)}
            </button>
          ))}
        </div>
      </div>

      {query.isPending ? (
        <SettingsCardSkeleton rows={3} />
      ) : query.isError ? (
        <LoadError title={t('loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.requests.length === 0 ? (
        <EmptyState icon={InboxIcon} title={t(`empty.${status}`)} description={t('empty.text')} />
      ) : (
        <ul className="space-y-3" aria-busy={query.isFetching}>
          {query.data.requests.map((request) => (
            <li key={request.id}>
              <Card className={cn('p-5', request.handledAt && 'bg-muted/40')} data-contact-request={request.email}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold">{request.name}</p>
                    <a href={`mailto:${request.email}`} className="text-sm text-primary underline-offset-4 hover:underline">
                      {request.email}
                    </a>
                  </div>
                  <div className="flex flex-col items-end gap-1 text-xs text-muted-foreground">
                    <span>{t('received', { date: format.mediumDateTime(request.createdAt) })}</span>
                    {request.handledAt && (
                      <Badge variant="success">
                        <CheckIcon /> {t('handledOn', { date: format.mediumDateTime(request.handledAt) })}
                      </Badge>
                    )}
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
                  <span className="inline-flex items-center gap-1.5">
                    <BuildingIcon className="size-4" aria-hidden /> {request.company ?? t('noCompany')}
                  </span>
                  {request.teamSize && (
                    <span className="inline-flex items-center gap-1.5">
                      <UsersIcon className="size-4" aria-hidden /> {t('teamSize', { size: request.teamSize })}
                    </span>
                  )}
                </div>
                <p className="mt-3 text-sm leading-6 whitespace-pre-wrap">{request.message}</p>
                <div className="mt-4 flex flex-wrap gap-2 border-t pt-4">
                  <Button asChild size="sm" variant="outline">
                    <a href={`mailto:${request.email}?subject=${encodeURIComponent(t('replySubject', { brand: getBrandName() }))}`}>
                      <MailIcon /> {t('reply')}
                    </a>
                  </Button>
                  {request.handledAt ? (
                    <Button size="sm" variant="outline" onClick={() => mark(request, false)} disabled={change.isPending}>
                      <RotateCcwIcon /> {t('reopen')}
                    </Button>
                  ) : (
                    <Button size="sm" onClick={() => mark(request, true)} disabled={change.isPending}>
                      <CheckIcon /> {t('markHandled')}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setToDelete(request)}
                  >
                    <Trash2Icon /> {t('delete')}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('deleteTitle')}
        description={t('deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('delete')}
        busyLabel={t('deleting')}
        isBusy={change.isPending}
        isDestructive
        onConfirm={remove}
      />
    </section>
  );
}
