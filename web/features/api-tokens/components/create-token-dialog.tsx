import { API_TOKEN_LIFETIMES_DAYS, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES, API_TOKENS_PER_MEMBER, type ApiTokenScope } from '@core/contracts';
import { CheckIcon, CopyIcon, TriangleAlertIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxCard } from '@web/components/checkbox-card';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { ApiRequestError, showFieldRefusals } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { cn } from '@web/lib/cn';
import { copyText } from '@web/lib/clipboard';
import { showErrorToast } from '@web/lib/show-error-toast';
import { scopeKey } from '../lib/scope-key';
import { useCreateApiToken } from '../api/api-tokens';

type Expiry = '30' | '90' | '365' | 'never';
const EXPIRIES: readonly Expiry[] = [...API_TOKEN_LIFETIMES_DAYS.map((days) => String(days) as Expiry), 'never'];
const FIELDS = ['name', 'scopes', 'expiresInDays'] as const;
type Field = (typeof FIELDS)[number];

/**
 * Webhook endpoints are an admin's to manage, so a rep is not offered that scope (the server would
 * let them pick it, and the token would then do nothing with it).
 */
function offeredScopes(isAdmin: boolean): readonly ApiTokenScope[] {
  return isAdmin ? API_TOKEN_SCOPES : API_TOKEN_SCOPES.filter((scope) => scope !== 'webhooks:manage');
}

/**
 * Create token: a name (counted to 80), the scopes with what each lets the token do, the lifetime.
 * Then the secret, this once, with Copy and a warning that it will not be shown again; Done closes.
 * The dialog cannot be dismissed by a stray click while the secret shows.
 */
export function CreateTokenDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('data');
  const { isAdmin } = useAuth();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [errors, setErrors] = useState<Partial<Record<Field | 'root', string>>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [isCopied, setCopied] = useState(false);
  const id = useId();

  const reset = () => {
    setName('');
    setScopes([]);
    setExpiry('90');
    setErrors({});
    setSecret(null);
    setCopied(false);
    create.reset();
  };

  const close = (next: boolean) => {
    if (create.isPending) return;
    onOpenChange(next);
    if (!next) reset();
  };

  const toggleScope = (scope: ApiTokenScope, checked: boolean) => {
    setScopes((current) =>
      checked ? API_TOKEN_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope),
    );
    setErrors((current) => ({ ...current, scopes: undefined }));
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!name.trim()) found.name = t('tokens.dialog.nameRequired');
    if (scopes.length === 0) found.scopes = t('tokens.dialog.scopesRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const created = await create.mutateAsync({
        name: name.trim(),
        scopes,
        expiresInDays: expiry === 'never' ? null : (Number(expiry) as 30 | 90 | 365),
      });
      setSecret(created.secret);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'too_many_tokens') {
        setErrors({ root: t('tokens.dialog.tooMany', { max: API_TOKENS_PER_MEMBER }) });
        return;
      }
      showFieldRefusals(error, FIELDS, (field, { message }) => setErrors((current) => ({ ...current, [field]: message })));
      showErrorToast(t('tokens.dialog.failed'), t('tokens.dialog.failed'), error);
    }
  }

  async function onCopy() {
    if (!secret) return;
    try {
      await copyText(secret);
      setCopied(true);
    } catch {
      setErrors({ root: t('tokens.dialog.copyFailed') });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="max-w-lg"
        // Once the secret shows, only Done (or Escape, a choice) closes: a click beside it would lose it.
        onInteractOutside={(event) => secret && event.preventDefault()}
      >
        {secret ? (
          <div className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{t('tokens.dialog.createdTitle')}</DialogTitle>
              <DialogDescription>{t('tokens.dialog.createdText')}</DialogDescription>
            </DialogHeader>
            <Alert variant="warning">
              <TriangleAlertIcon />
              <AlertDescription>{t('tokens.dialog.warning')}</AlertDescription>
            </Alert>
            <div className="space-y-2">
              <Label htmlFor={`${id}-secret`}>{t('tokens.dialog.secret')}</Label>
              <div className="flex gap-2">
                <Input
                  id={`${id}-secret`}
                  readOnly
                  value={secret}
                  className="font-mono text-xs"
                  onFocus={(event) => event.currentTarget.select()}
                  data-testid="token-secret"
                />
                <Button type="button" variant="outline" onClick={() => void onCopy()} aria-live="polite">
                  {isCopied ? <CheckIcon className="text-success" /> : <CopyIcon />}
                  {isCopied ? t('tokens.dialog.copied') : t('tokens.dialog.copy')}
                </Button>
              </div>
              <FieldError id={`${id}-copy-error`}>{errors.root}</FieldError>
            </div>
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                {t('tokens.dialog.done')}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
            <DialogHeader>
              <DialogTitle>{t('tokens.dialog.title')}</DialogTitle>
              <DialogDescription>{t('tokens.dialog.text')}</DialogDescription>
            </DialogHeader>
            {errors.root && (
              <Alert variant="destructive">
                <TriangleAlertIcon />
                <AlertDescription>{errors.root}</AlertDescription>
              </Alert>
            )}
            <div className="space-y-2">
              <div className="flex items-baseline justify-between gap-3">
                <Label htmlFor={`${id}-name`}>{t('tokens.dialog.name')}</Label>
                <span
                  id={`${id}-name-count`}
                  className={cn('text-xs tabular-nums text-muted-foreground', name.length >= API_TOKEN_NAME_MAX && 'text-warning-strong')}
                >
                  {t('tokens.dialog.nameCount', { count: name.length, max: API_TOKEN_NAME_MAX })}
                </span>
              </div>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={API_TOKEN_NAME_MAX}
                autoComplete="off"
                placeholder={t('tokens.dialog.namePlaceholder')}
                aria-invalid={Boolean(errors.name)}
                aria-describedby={errors.name ? `${id}-name-error ${id}-name-count` : `${id}-name-count`}
                onChange={(event) => {
                  setName(event.target.value);
                  setErrors((current) => ({ ...current, name: undefined }));
                }}
              />
              <FieldError id={`${id}-name-error`}>{errors.name}</FieldError>
            </div>
            <fieldset className="space-y-2" aria-describedby={errors.scopes ? `${id}-scopes-error` : undefined}>
              <legend className="mb-2 text-sm font-medium">{t('tokens.dialog.scopes')}</legend>
              <div className="grid gap-2">
                {offeredScopes(isAdmin).map((scope) => (
                  <CheckboxCard
                    key={scope}
                    id={`${id}-${scope}`}
                    checked={scopes.includes(scope)}
                    onCheckedChange={(checked) => toggleScope(scope, checked)}
                    labelClassName="flex flex-wrap items-center gap-2 text-sm font-medium"
                    label={
                      <>
                        {t(`tokens.scopes.${scopeKey(scope)}.label`)}
                        <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[11px] font-normal text-muted-foreground">
                          {scope}
                        </code>
                      </>
                    }
                    description={t(`tokens.scopes.${scopeKey(scope)}.description`)}
                  />
                ))}
              </div>
              <FieldError id={`${id}-scopes-error`}>{errors.scopes}</FieldError>
            </fieldset>
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">{t('tokens.dialog.expiry')}</legend>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="radiogroup">
                {EXPIRIES.map((value) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      expiry === value && 'border-primary bg-primary-soft font-medium text-primary',
                    )}
                  >
                    <input
                      type="radio"
                      name={`${id}-expiry`}
                      value={value}
                      className="sr-only"
                      checked={expiry === value}
                      onChange={() => setExpiry(value)}
                    />
                    {value === 'never' ? t('tokens.dialog.never') : t('tokens.dialog.days', { count: Number(value) })}
                  </label>
                ))}
              </div>
              {expiry === 'never' && <p className="text-xs text-muted-foreground">{t('tokens.dialog.neverHint')}</p>}
              <FieldError id={`${id}-expiry-error`}>{errors.expiresInDays}</FieldError>
            </fieldset>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)} disabled={create.isPending}>
                {t('settings:actions.cancel')}
              </Button>
              <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
                {create.isPending && <Spinner />}
                {create.isPending ? t('tokens.dialog.creating') : t('tokens.dialog.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
