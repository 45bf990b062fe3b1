import type { AccountDeletionPlan } from '@core/contracts';
import { AlertCircleIcon, CheckIcon, ShieldAlertIcon, Trash2Icon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { ApiRequestError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { setLeavingTheApp } from '@web/lib/realtime';
import { useAccountDeletionPlan } from '../api/get-account-deletion-plan';
import { useDeleteAccount } from '../api/delete-account';
import { LoadError } from '@web/components/load-error';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onDeleted: () => void };

/** The server's refusals of the confirmation itself (privacy.service.ts), worded here in both languages. */
const FIELD_CODES = ['wrong_password', 'email_mismatch'];

/**
 * Delete my account: says what goes and what stays (and what happens to the company), asks for
 * the current password (or, for an account without one, the e-mail address), then deletes.
 * The server refuses the only admin of a company with other members; the dialog says so first.
 */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: Props) {
  const { t } = useTranslation('privacy');
  const plan = useAccountDeletionPlan({ enabled: open });
  const remove = useDeleteAccount();
  const busy = remove.isPending || remove.isSuccess;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) remove.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{t('deleteDialog.title')}</DialogTitle>
          <DialogDescription>{t('deleteDialog.description')}</DialogDescription>
        </DialogHeader>
        {plan.isPending ? (
          <div className="space-y-3" aria-busy="true" aria-label={t('deleteDialog.loading')}>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : plan.isError ? (
          <LoadError title={t('deleteDialog.loadError')} error={plan.error} onRetry={() => void plan.refetch()} />
        ) : plan.data.blockedBy === 'last_admin' ? (
          <Blocked plan={plan.data} onClose={() => onOpenChange(false)} />
        ) : (
          <ConfirmForm plan={plan.data} busy={busy} remove={remove} onCancel={() => onOpenChange(false)} onDeleted={onDeleted} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function Blocked({ plan, onClose }: { plan: AccountDeletionPlan; onClose: () => void }) {
  const { t } = useTranslation('privacy');
  return (
    <>
      <Alert variant="warning">
        <ShieldAlertIcon />
        <AlertTitle>{t('deleteDialog.blockedTitle')}</AlertTitle>
        <AlertDescription>{t('deleteDialog.blocked', { company: plan.company?.name ?? '' })}</AlertDescription>
      </Alert>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
        <Button asChild>
          <Link to={paths.admin.users} onClick={onClose}>
            {t('deleteDialog.blockedLink')}
          </Link>
        </Button>
      </DialogFooter>
    </>
  );
}

function ConfirmForm({
  plan,
  busy,
  remove,
  onCancel,
  onDeleted,
}: {
  plan: AccountDeletionPlan;
  busy: boolean;
  remove: ReturnType<typeof useDeleteAccount>;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('privacy');
  const { me } = useAuth();
  const id = useId();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const field = plan.confirmWith;
  const company = plan.company?.name ?? '';
  const goes = t('deleteDialog.goes', { returnObjects: true }) as string[];
  // A refusal about the field is shown under it; anything else (too many attempts, the network) below.
  const isFieldRefusal = (error: unknown) => error instanceof ApiRequestError && FIELD_CODES.includes(error.code);
  const failure = remove.error && !isFieldRefusal(remove.error) ? remove.error : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    if (!value.trim()) {
      setFieldError(t(`deleteDialog.required.${field}`));
      return;
    }
    // The server ends this member's live streams as it deletes: no refetch after that (it could
    // only answer 401 while the page leaves).
    setLeavingTheApp(true);
    try {
      await remove.mutateAsync(field === 'password' ? { password: value } : { email: value });
      onDeleted();
    } catch (error) {
      setLeavingTheApp(false);
      if (isFieldRefusal(error)) setFieldError(t(`deleteDialog.errors.${(error as ApiRequestError).code}`));
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4" noValidate>
      <div className="grid gap-3 text-sm">
        <div className="rounded-lg border border-destructive/25 bg-destructive-soft/50 p-3">
          <p className="font-medium text-foreground">{t('deleteDialog.goesTitle')}</p>
          <ul className="mt-2 grid gap-1.5 text-muted-foreground">
            {goes.map((item) => (
              <li key={item} className="flex gap-2">
                <Trash2Icon className="mt-0.5 size-3.5 shrink-0 text-destructive" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-lg border bg-muted/40 p-3">
          <p className="font-medium text-foreground">{t('deleteDialog.staysTitle')}</p>
          <p className="mt-2 flex gap-2 text-muted-foreground">
            <CheckIcon className="mt-0.5 size-3.5 shrink-0 text-success" aria-hidden />
            {plan.company ? t('deleteDialog.stays', { company }) : t('deleteDialog.staysNoCompany')}
          </p>
        </div>
        {plan.company?.outcome === 'deleted' && (
          <Alert variant="destructive">
            <AlertCircleIcon />
            <AlertDescription>{t('deleteDialog.companyDeleted', { company })}</AlertDescription>
          </Alert>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-confirm`}>{t(field === 'password' ? 'deleteDialog.passwordLabel' : 'deleteDialog.emailLabel')}</Label>
        <Input
          id={`${id}-confirm`}
          type={field === 'password' ? 'password' : 'email'}
          autoComplete={field === 'password' ? 'current-password' : 'email'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={busy}
          aria-invalid={Boolean(fieldError)}
          aria-describedby={fieldError ? `${id}-error` : field === 'email' ? `${id}-hint` : undefined}
        />
        {fieldError ? (
          <FieldError id={`${id}-error`}>{fieldError}</FieldError>
        ) : (
          field === 'email' && (
            <p id={`${id}-hint`} className="text-xs text-muted-foreground">
              {t('deleteDialog.emailHint', { email: me?.user.email ?? '' })}
            </p>
          )
        )}
      </div>
      {failure && (
        <Alert variant="destructive">
          <AlertCircleIcon />
          <AlertTitle>{t('deleteDialog.error')}</AlertTitle>
          <AlertDescription>{failure.message}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? <Spinner /> : <Trash2Icon />}
          {busy ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}
