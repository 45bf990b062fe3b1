import type { Invitation, InvitationStatus } from '@core/contracts';
import { CopyIcon, LinkIcon, MailPlusIcon, RotateCwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { RoleBadge } from '@web/components/role-badge';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { toast } from '@web/components/ui/toaster';
import { formatDate } from '@web/lib/format';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useDeleteInvitation } from '../api/delete-invitation';
import { useInvitations } from '../api/get-invitations';
import { useResendInvitation } from '../api/resend-invitation';
import { copyInvitationLink } from '../lib/invitation-link';
import { CreateInvitationDialog } from './create-invitation-dialog';
import { InviteByEmailForm } from './invite-by-email-form';

const STATUS_VARIANT: Record<InvitationStatus, 'success' | 'secondary' | 'warning'> = {
  active: 'success',
  used: 'secondary',
  expired: 'warning',
};

/**
 * Where an invitation stands for its admin. One sent by e-mail reads Sent, Opened (its link was
 * opened) or Accepted; a link to copy reads Active or Used, as before; either can be Expired.
 */
function trackingOf(invitation: Invitation): { key: string; variant: 'success' | 'secondary' | 'warning' | 'outline' } {
  if (invitation.status === 'expired') return { key: 'expired', variant: 'warning' };
  if (!invitation.email) return { key: invitation.status, variant: STATUS_VARIANT[invitation.status] };
  if (invitation.status === 'used') return { key: 'accepted', variant: 'success' };
  return invitation.openedAt ? { key: 'opened', variant: 'secondary' } : { key: 'sent', variant: 'outline' };
}

/** Admin: create invitations, see each one's status, copy an active link, delete any. */
export function InvitationsCard() {
  const { t, i18n } = useTranslation('settings');
  const invitations = useInvitations();
  const remove = useDeleteInvitation();
  const [isCreating, setCreating] = useState(false);
  const [isMailing, setMailing] = useState(false);
  const resend = useResendInvitation();
  const [toDelete, setToDelete] = useState<Invitation | null>(null);
  useErrorToast(invitations.error, t('toasts.invitationsLoadError'));
  const list = invitations.data?.invitations ?? [];
  const lang = i18n.language;

  async function onDelete() {
    if (!toDelete) return;
    try {
      await remove.mutateAsync(toDelete.id);
      toast.success(t('toasts.invitationDeleted'));
    } catch (error) {
      toast.error(t('toasts.invitationDeleteError'), { description: error instanceof Error ? error.message : undefined });
    } finally {
      setToDelete(null);
    }
  }

  async function onResend(invitation: Invitation) {
    try {
      await resend.mutateAsync(invitation.id);
      toast.success(t('inviteByEmail.resent', { email: invitation.email }));
    } catch (error) {
      toast.error(t('inviteByEmail.resendError'), { description: error instanceof Error ? error.message : undefined });
    }
  }

  const createButton = (
    <div className="flex flex-wrap gap-2">
      <Button variant="outline" onClick={() => setCreating(true)}>
        <LinkIcon /> {t('invitations.create')}
      </Button>
      <Button onClick={() => setMailing(true)}>
        <MailPlusIcon /> {t('inviteByEmail.open')}
      </Button>
    </div>
  );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>{t('invitations.title')}</CardTitle>
          <CardDescription>{t('invitations.description')}</CardDescription>
        </div>
        {createButton}
      </CardHeader>
      <CardContent className="px-0">
        {invitations.isError ? (
          <div className="px-5">
            <LoadError title={t('toasts.invitationsLoadError')} error={invitations.error} onRetry={() => void invitations.refetch()} />
          </div>
        ) : invitations.isPending ? (
          <div className="space-y-3 px-5" aria-busy="true">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <div className="px-5">
            <EmptyState icon={MailPlusIcon} title={t('invitations.emptyTitle')} description={t('invitations.emptyText')} />
          </div>
        ) : (
          <Table aria-label={t('invitations.title')}>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead className="pl-5">{t('invitations.code')}</TableHead>
                <TableHead>{t('invitations.status')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('invitations.role')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('invitations.details')}</TableHead>
                <TableHead className="pr-5 text-right">
                  <span className="sr-only">{t('team.actions')}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.map((invitation) => (
                <TableRow key={invitation.id} data-code={invitation.code} data-email={invitation.email ?? undefined}>
                  <TableCell className="max-w-0 pl-5 sm:max-w-none">
                    {invitation.email ? (
                      <span className="block max-w-48 truncate text-sm font-medium sm:max-w-64" title={invitation.email}>
                        {invitation.email}
                      </span>
                    ) : (
                      <code className="block max-w-40 truncate font-mono text-xs sm:max-w-56" title={invitation.code}>
                        {invitation.code}
                      </code>
                    )}
                    <p className="mt-0.5 text-xs text-muted-foreground md:hidden">{describeInvitation(invitation, t, lang)}</p>
                  </TableCell>
                  <TableCell>
                    <Badge variant={trackingOf(invitation).variant}>{t(`invitations.statuses.${trackingOf(invitation).key}`)}</Badge>
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <RoleBadge role={invitation.role} />
                  </TableCell>
                  <TableCell className="hidden text-sm text-muted-foreground md:table-cell">
                    {describeInvitation(invitation, t, lang)}
                  </TableCell>
                  <TableCell className="pr-5">
                    <div className="flex items-center justify-end gap-1">
                      {invitation.status === 'active' && invitation.email && (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={resend.isPending}
                          onClick={() => void onResend(invitation)}
                          aria-label={t('inviteByEmail.resendLabel', { email: invitation.email })}
                        >
                          <RotateCwIcon />
                          <span className="sr-only sm:not-sr-only">{t('inviteByEmail.resend')}</span>
                        </Button>
                      )}
                      {invitation.status === 'active' && !invitation.email && (
                        <Button size="sm" variant="outline" onClick={() => void copyInvitationLink(invitation.code, t)}>
                          <CopyIcon />
                          <span className="sr-only sm:not-sr-only">{t('invitations.copyLink')}</span>
                        </Button>
                      )}
                      <Button
                        size="icon"
                        variant="ghost"
                        className="size-8 text-muted-foreground hover:bg-destructive-soft hover:text-destructive"
                        onClick={() => setToDelete(invitation)}
                        aria-label={
                          invitation.email
                            ? t('inviteByEmail.revokeLabel', { email: invitation.email })
                            : t('invitations.deleteLabel', { code: invitation.code })
                        }
                      >
                        <Trash2Icon />
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <CreateInvitationDialog open={isCreating} onOpenChange={setCreating} />
      <Dialog open={isMailing} onOpenChange={setMailing}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>{t('inviteByEmail.title')}</DialogTitle>
            <DialogDescription>{t('inviteByEmail.description')}</DialogDescription>
          </DialogHeader>
          <InviteByEmailForm onSent={() => setMailing(false)} />
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('invitations.confirmDelete.title')}
        description={toDelete?.status === 'active' ? t('invitations.confirmDelete.textActive') : t('invitations.confirmDelete.text')}
        confirmLabel={t('invitations.confirmDelete.confirm')}
        busyLabel={t('actions.deleting')}
        isBusy={remove.isPending}
        isDestructive
        onConfirm={() => void onDelete()}
      />
    </Card>
  );
}

function describeInvitation(invitation: Invitation, t: (key: string, options?: Record<string, unknown>) => string, lang: string): string {
  if (invitation.status === 'used') {
    const date = invitation.usedAt ? formatDate(invitation.usedAt, lang) : '';
    return invitation.usedByName ? t('invitations.usedBy', { name: invitation.usedByName, date }) : t('invitations.usedOn', { date });
  }
  if (invitation.status === 'expired') return t('invitations.expiredOn', { date: formatDate(invitation.expiresAt, lang) });
  if (invitation.email && invitation.lastSentAt) {
    return t('inviteByEmail.sentOn', { date: formatDate(invitation.lastSentAt, lang), count: invitation.sentCount });
  }
  return t('invitations.expiresOn', { date: formatDate(invitation.expiresAt, lang) });
}
