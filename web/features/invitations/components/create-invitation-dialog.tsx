import {
  CreateInvitationSchema,
  type Invitation,
  INVITATION_EXPIRY_DEFAULT_DAYS,
  INVITATION_EXPIRY_MAX_DAYS,
  INVITATION_EXPIRY_MIN_DAYS,
} from '@core/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2Icon, CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useCreateInvitation } from '../api/create-invitation';
import { formatDate } from '@web/lib/format';
import { buildInvitationLink, copyInvitationLink } from '../lib/invitation-link';
import { InviteTeamSelect } from './invite-team-select';

/** What the team choice holds for "no team" (a Select item's value cannot be empty). */

/**
 * Create an invitation (role user by default, or admin; 1 to 30 days, default 7; into a team once
 * the company has teams, as the e-mail invitation does), then hand over its link.
 */
export function CreateInvitationDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [created, setCreated] = useState<Invitation | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-md">
        {created ? (
          <CreatedView invitation={created} onClose={() => close(false)} />
        ) : (
          <CreateForm onCreated={setCreated} onCancel={() => close(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function CreateForm({ onCreated, onCancel }: { onCreated: (invitation: Invitation) => void; onCancel: () => void }) {
  const { t } = useTranslation('settings');
  const { me } = useAuth();
  const create = useCreateInvitation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CreateInvitationSchema),
    defaultValues: { role: 'user', expiresInDays: INVITATION_EXPIRY_DEFAULT_DAYS, teamId: undefined },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const invitation = await create.mutateAsync(values);
      toast.success(t('toasts.invitationCreated'), { description: t('invitations.createdCode', { code: invitation.code }) });
      onCreated(invitation);
    } catch (error) {
      toast.error(t('toasts.invitationCreateError'), {
        description: error instanceof Error && error.message ? error.message : t('toasts.invitationCreateErrorFallback'),
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t('invitations.createTitle')}</DialogTitle>
        <DialogDescription>{t('invitations.createText', { company: me?.company?.name ?? '' })}</DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor="inviteRole">{t('invitations.role')}</Label>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="inviteRole" aria-describedby="inviteRole-hint">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="user">{t('roles.user')}</SelectItem>
                <SelectItem value="admin">{t('roles.admin')}</SelectItem>
              </SelectContent>
            </Select>
          )}
        />
        <p id="inviteRole-hint" className="text-xs text-muted-foreground">
          {t('invitations.roleHint')}
        </p>
      </div>
      <Controller
        control={control}
        name="teamId"
        render={({ field }) => <InviteTeamSelect id="inviteTeam" value={field.value} onChange={field.onChange} />}
      />
      <div className="space-y-2">
        <Label htmlFor="inviteExpiry">{t('invitations.expiry')}</Label>
        <div className="flex items-center gap-2">
          <Input
            id="inviteExpiry"
            type="number"
            inputMode="numeric"
            min={INVITATION_EXPIRY_MIN_DAYS}
            max={INVITATION_EXPIRY_MAX_DAYS}
            step={1}
            className="w-24"
            aria-invalid={Boolean(errors.expiresInDays)}
            aria-describedby={errors.expiresInDays ? 'inviteExpiry-error' : 'inviteExpiry-hint'}
            {...register('expiresInDays', { valueAsNumber: true })}
          />
          <span className="text-sm text-muted-foreground">{t('invitations.days')}</span>
        </div>
        {errors.expiresInDays ? (
          <FieldError id="inviteExpiry-error">
            {t('invitations.expiryError', { min: INVITATION_EXPIRY_MIN_DAYS, max: INVITATION_EXPIRY_MAX_DAYS })}
          </FieldError>
        ) : (
          <p id="inviteExpiry-hint" className="text-xs text-muted-foreground">
            {t('invitations.expiryHint', { min: INVITATION_EXPIRY_MIN_DAYS, max: INVITATION_EXPIRY_MAX_DAYS })}
          </p>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending && <Spinner />}
          {create.isPending ? t('invitations.creating') : t('invitations.createSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CreatedView({ invitation, onClose }: { invitation: Invitation; onClose: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const link = buildInvitationLink(invitation.code);
  return (
    <div className="grid gap-5">
      <DialogHeader>
        <div className="mb-1 flex size-10 items-center justify-center rounded-full bg-success-soft text-success">
          <CheckCircle2Icon className="size-5" aria-hidden />
        </div>
        <DialogTitle>{t('invitations.readyTitle')}</DialogTitle>
        <DialogDescription>
          {t(invitation.role === 'admin' ? 'invitations.readyTextAdmin' : 'invitations.readyTextUser', {
            date: formatDate(invitation.expiresAt, i18n.language),
          })}
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor="inviteLink">{t('invitations.link')}</Label>
        <Input id="inviteLink" readOnly value={link} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
        <p className="text-xs text-muted-foreground">{t('invitations.codeLabel', { code: invitation.code })}</p>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('actions.done')}
        </Button>
        <Button onClick={() => void copyInvitationLink(invitation.code, t)}>
          <CopyIcon /> {t('invitations.copyLink')}
        </Button>
      </DialogFooter>
    </div>
  );
}
