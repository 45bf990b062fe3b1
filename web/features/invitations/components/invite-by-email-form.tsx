import { INVITATION_EMAILS_PER_REQUEST, parseEmailList, type Role } from '@core/contracts';
import { AlertTriangleIcon, CopyXIcon, MailIcon, SendIcon } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { FieldError, Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { useSendInvitations } from '../api/send-invitations';
import { InviteTeamSelect } from './invite-team-select';

/**
 * Invite by e-mail: type or paste one or many addresses (commas, spaces, new lines, "Name
 * <address>"), see at once which are invalid or repeated, pick the role, send. Each address gets
 * its own mail with its own link. Once the company has teams, the team the people join is chosen
 * beside the role (decision 044). `extraFields` is where further choices go, and `footer` lets a
 * host add its own buttons (the setup's Skip).
 */
/** The team select's "no team" (Radix selects take no empty value). */

export function InviteByEmailForm({
  onSent,
  extraFields,
  footer,
  submitLabel,
}: {
  onSent?: (emails: string[]) => void;
  extraFields?: ReactNode;
  footer?: ReactNode;
  submitLabel?: string;
}) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [raw, setRaw] = useState('');
  const [role, setRole] = useState<Role>('user');
  const [teamId, setTeamId] = useState<string | undefined>();
  const [attempted, setAttempted] = useState(false);
  const send = useSendInvitations();
  const parsed = useMemo(() => parseEmailList(raw), [raw]);
  const tooMany = parsed.valid.length > INVITATION_EMAILS_PER_REQUEST;
  const problem =
    parsed.valid.length === 0
      ? t('inviteByEmail.errors.none')
      : parsed.invalid.length > 0
        ? t('inviteByEmail.errors.invalid', { count: parsed.invalid.length })
        : tooMany
          ? t('inviteByEmail.errors.tooMany', { max: INVITATION_EMAILS_PER_REQUEST })
          : null;

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (problem) return;
    try {
      const result = await send.mutateAsync({ emails: parsed.valid, role, ...(teamId === undefined ? {} : { teamId }) });
      toast.success(t('inviteByEmail.sent', { count: result.sent }));
      setRaw('');
      setAttempted(false);
      onSent?.(result.emails);
    } catch (error) {
      toast.error(t('inviteByEmail.sendError'), { description: error instanceof Error ? error.message : undefined });
    }
  }

  const showProblem = attempted && problem;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-5">
      <div className="space-y-2">
        <Label htmlFor={`${id}-emails`}>{t('inviteByEmail.emails')}</Label>
        <textarea
          id={`${id}-emails`}
          value={raw}
          onChange={(e) => setRaw(e.target.value)}
          rows={4}
          placeholder={t('inviteByEmail.placeholder')}
          aria-invalid={Boolean(showProblem)}
          aria-describedby={`${id}-hint ${id}-summary`}
          className="flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-invalid:border-destructive"
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t('inviteByEmail.hint', { max: INVITATION_EMAILS_PER_REQUEST })}
        </p>
        <div id={`${id}-summary`} aria-live="polite" className="space-y-2">
          {parsed.valid.length > 0 && (
            <div>
              <p className="mb-1.5 text-xs font-medium text-muted-foreground">
                {t('inviteByEmail.willInvite', { count: parsed.valid.length })}
              </p>
              <ul className="flex flex-wrap gap-1.5" aria-label={t('inviteByEmail.willInvite', { count: parsed.valid.length })}>
                {parsed.valid.map((email) => (
                  <li key={email}>
                    <Badge variant="secondary" className="gap-1 font-normal">
                      <MailIcon className="size-3" aria-hidden /> {email}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {parsed.invalid.length > 0 && (
            <p className="flex items-start gap-1.5 text-xs text-destructive" data-testid="invalid-emails">
              <AlertTriangleIcon className="mt-px size-3.5 shrink-0" aria-hidden />
              <span>{t('inviteByEmail.invalid', { list: parsed.invalid.join(', ') })}</span>
            </p>
          )}
          {parsed.duplicates.length > 0 && (
            <p className="flex items-start gap-1.5 text-xs text-muted-foreground" data-testid="duplicate-emails">
              <CopyXIcon className="mt-px size-3.5 shrink-0" aria-hidden />
              <span>{t('inviteByEmail.duplicates', { list: parsed.duplicates.join(', ') })}</span>
            </p>
          )}
        </div>
        {showProblem && <FieldError id={`${id}-error`}>{problem}</FieldError>}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-role`}>{t('invitations.role')}</Label>
          <Select value={role} onValueChange={(value) => setRole(value as Role)}>
            <SelectTrigger id={`${id}-role`} aria-describedby={`${id}-role-hint`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="user">{t('roles.user')}</SelectItem>
              <SelectItem value="admin">{t('roles.admin')}</SelectItem>
            </SelectContent>
          </Select>
          <p id={`${id}-role-hint`} className="text-xs text-muted-foreground">
            {t('invitations.roleHint')}
          </p>
        </div>
        <InviteTeamSelect id={`${id}-team`} value={teamId} onChange={setTeamId} />
        {extraFields}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {footer}
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? <Spinner /> : <SendIcon />}
          {send.isPending ? t('inviteByEmail.sending') : (submitLabel ?? t('inviteByEmail.submit', { count: parsed.valid.length || 1 }))}
        </Button>
      </div>
    </form>
  );
}
