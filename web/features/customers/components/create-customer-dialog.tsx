import {
  CreateCustomerSchema,
  CUSTOMER_DOMAIN_MAX,
  CUSTOMER_NAME_MAX_LENGTH,
  CUSTOMER_POINT_VALUE_MAX,
  CUSTOMER_SEGMENT_MAX,
  SUGGESTED_CUSTOMER_SEGMENTS,
} from '@core/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { useCreateCustomer } from '../api/create-customer';

const DEFAULTS = { name: '', domain: '', segment: '', pointValue: 0 };

/** New customer: a non-blank name, domain, segment (Enterprise, SMB, Startup suggested), point value (default 0). */
export function CreateCustomerDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('settings');
  const { me } = useAuth();
  const create = useCreateCustomer();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm({ resolver: zodResolver(CreateCustomerSchema), defaultValues: DEFAULTS });

  const close = (next: boolean) => {
    if (create.isPending) return;
    onOpenChange(next);
    if (!next) reset(DEFAULTS);
  };

  const onSubmit = handleSubmit(async (values) => {
    // A customer belongs to a company; the server refuses one without it too.
    if (!me?.company) {
      toast.error(t('toasts.customerCreateError'), { description: t('customers.noCompany') });
      return;
    }
    try {
      const customer = await create.mutateAsync(values);
      toast.success(t('toasts.customerCreated'), { description: customer.name });
      close(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) setError('name', { message: error.message });
      else if (error instanceof ApiRequestError && error.code === 'no_company') setError('root', { message: t('customers.noCompany') });
      toast.error(t('toasts.customerCreateError'), { description: error instanceof Error ? error.message : undefined });
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-md">
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t('customers.createTitle')}</DialogTitle>
            <DialogDescription>{t('customers.createText')}</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="customerName">
              {t('customers.name')}{' '}
              <span className="text-destructive" aria-hidden>
                *
              </span>
            </Label>
            <Input
              id="customerName"
              required
              maxLength={CUSTOMER_NAME_MAX_LENGTH}
              autoComplete="organization"
              placeholder={t('customers.namePlaceholder')}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'customerName-error' : undefined}
              {...register('name')}
            />
            <FieldError id="customerName-error">{errors.name?.message}</FieldError>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="customerDomain">{t('customers.domain')}</Label>
              <Input
                id="customerDomain"
                maxLength={CUSTOMER_DOMAIN_MAX}
                inputMode="url"
                placeholder="nordlys.no"
                aria-invalid={Boolean(errors.domain)}
                aria-describedby={errors.domain ? 'customerDomain-error' : undefined}
                {...register('domain')}
              />
              <FieldError id="customerDomain-error">{errors.domain?.message}</FieldError>
            </div>
            <div className="space-y-2">
              <Label htmlFor="customerSegment">{t('customers.segment')}</Label>
              <Input
                id="customerSegment"
                list="customer-segments"
                maxLength={CUSTOMER_SEGMENT_MAX}
                autoComplete="off"
                placeholder={t('customers.segmentPlaceholder')}
                className="[&::-webkit-calendar-picker-indicator]:hidden!"
                aria-invalid={Boolean(errors.segment)}
                aria-describedby={errors.segment ? 'customerSegment-error' : 'customerSegment-hint'}
                {...register('segment')}
              />
              <datalist id="customer-segments">
                {SUGGESTED_CUSTOMER_SEGMENTS.map((segment) => (
                  <option key={segment} value={segment} />
                ))}
              </datalist>
              {errors.segment ? (
                <FieldError id="customerSegment-error">{errors.segment.message}</FieldError>
              ) : (
                <div id="customerSegment-hint" className="flex flex-wrap items-center gap-1.5">
                  <span className="text-xs text-muted-foreground">{t('customers.suggested')}</span>
                  {SUGGESTED_CUSTOMER_SEGMENTS.map((segment) => (
                    <button
                      key={segment}
                      type="button"
                      onClick={() => setValue('segment', segment, { shouldDirty: true })}
                      className="rounded-full border bg-card px-2 py-0.5 text-xs font-medium transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {segment}
                    </button>
                  ))}
                </div>
              )}
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor="customerPoints">{t('customers.pointValue')}</Label>
            <Input
              id="customerPoints"
              type="number"
              inputMode="numeric"
              min={0}
              max={CUSTOMER_POINT_VALUE_MAX}
              step={1}
              className="w-32"
              aria-invalid={Boolean(errors.pointValue)}
              aria-describedby={errors.pointValue ? 'customerPoints-error' : 'customerPoints-hint'}
              {...register('pointValue', { valueAsNumber: true })}
            />
            {errors.pointValue ? (
              <FieldError id="customerPoints-error">{t('customers.pointValueError', { max: CUSTOMER_POINT_VALUE_MAX })}</FieldError>
            ) : (
              <p id="customerPoints-hint" className="text-xs text-muted-foreground">
                {t('customers.pointValueHint')}
              </p>
            )}
          </div>
          {errors.root && <FieldError id="customer-root-error">{errors.root.message}</FieldError>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={create.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending && <Spinner />}
              {create.isPending ? t('customers.creating') : t('customers.createSubmit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
