import { type Customer, CUSTOMER_NAME_MAX_LENGTH } from '@core/contracts';
import { ArrowRightIcon, CheckIcon, MergeIcon, SearchIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toaster';
import { ApiRequestError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useMergeCustomer, useChangeCustomer } from '../api/change-customer';
import { useCustomers } from '../api/get-customers';

/*
 * Admins' corrections of customers (decision 041): rename one, or merge it into another (its
 * activities move there and it is removed). Archiving needs no dialog: it is undone by Restore.
 */

/** Rename: a non-blank name no other customer has (the server answers 409 customer_exists otherwise). */
export function RenameCustomerDialog({ customer, onOpenChange }: { customer: Customer | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        {customer && <RenameForm customer={customer} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const change = useChangeCustomer();
  const id = useId();
  const [name, setName] = useState(customer.name);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') return setError(t('customers.admin.nameRequired'));
    try {
      await change.mutateAsync({ id: customer.id, name: trimmed });
      toast.success(t('customers.admin.renamed'), { description: trimmed });
      onDone();
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.status === 409) setError(t('customers.admin.nameTaken', { name: trimmed }));
      else toast.error(t('customers.admin.changeError'), { description: caught instanceof Error ? caught.message : undefined });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="grid gap-5" noValidate>
      <DialogHeader>
        <DialogTitle>{t('customers.admin.renameTitle')}</DialogTitle>
        <DialogDescription>{t('customers.admin.renameText')}</DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor={id}>{t('customers.name')}</Label>
        <Input
          id={id}
          value={name}
          maxLength={CUSTOMER_NAME_MAX_LENGTH}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
        />
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={change.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" disabled={change.isPending || name.trim() === customer.name}>
          {change.isPending && <Spinner />} {t('customers.admin.renameSubmit')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * Merge: search for the customer to keep, see how many activities move, confirm. The one merged
 * is removed; its activities (everyone's) name the one kept from then on.
 */
export function MergeCustomerDialog({ customer, onOpenChange }: { customer: Customer | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={customer !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {customer && <MergeForm customer={customer} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const SEARCH_DELAY_MS = 250;

function MergeForm({ customer, onDone }: { customer: Customer; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const merge = useMergeCustomer();
  const searchId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [target, setTarget] = useState<Customer | null>(null);
  const candidates = useCustomers(search);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const options = (candidates.data?.customers ?? []).filter((c) => c.id !== customer.id).slice(0, 8);

  const onConfirm = async () => {
    if (!target) return;
    try {
      const result = await merge.mutateAsync({ id: customer.id, into: target.id });
      toast.success(t('customers.admin.merged', { from: customer.name, into: result.customer.name }), {
        description: t('customers.admin.movedCount', { count: result.movedActivities }),
      });
      onDone();
    } catch (caught) {
      toast.error(t('customers.admin.mergeError'), { description: caught instanceof Error ? caught.message : undefined });
    }
  };

  return (
    <div className="grid gap-5">
      <DialogHeader>
        <DialogTitle>{t('customers.admin.mergeTitle', { name: customer.name })}</DialogTitle>
        <DialogDescription>{t('customers.admin.mergeText')}</DialogDescription>
      </DialogHeader>
      <div className="space-y-2">
        <Label htmlFor={searchId}>{t('customers.admin.mergeInto')}</Label>
        <div className="relative">
          <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input
            id={searchId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('customers.searchPlaceholder')}
            aria-controls={listId}
            className="pl-9"
          />
        </div>
        <div
          id={listId}
          role="radiogroup"
          aria-label={t('customers.admin.mergeInto')}
          className="max-h-64 overflow-y-auto rounded-md border"
        >
          {candidates.isPending ? (
            <div className="space-y-2 p-3" aria-busy="true">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : options.length === 0 ? (
            <p className="p-3 text-sm text-muted-foreground">{t('customers.admin.noTargets')}</p>
          ) : (
            options.map((option) => {
              const chosen = target?.id === option.id;
              return (
                <button
                  key={option.id}
                  type="button"
                  role="radio"
                  aria-checked={chosen}
                  onClick={() => setTarget(option)}
                  className={cn(
                    'flex w-full items-center justify-between gap-3 border-b px-3 py-2 text-left text-sm last:border-b-0 hover:bg-muted/50 focus-visible:bg-muted focus-visible:outline-none',
                    chosen && 'bg-primary/5 font-medium',
                  )}
                >
                  <span className="min-w-0 break-words">{option.name}</span>
                  <span className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
                    {t('customers.admin.activityCount', { count: option.activityCount })}
                    {chosen && <CheckIcon className="size-4 text-primary" aria-hidden />}
                  </span>
                </button>
              );
            })
          )}
        </div>
      </div>
      {target && (
        <div className="rounded-lg border bg-muted/40 p-3 text-sm" aria-live="polite">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{customer.name}</span>
            <ArrowRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="break-words">{target.name}</span>
          </p>
          <p className="mt-1 text-muted-foreground">
            {t('customers.admin.mergeSummary', { count: customer.activityCount, from: customer.name, into: target.name })}
          </p>
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={merge.isPending}>
          {t('actions.cancel')}
        </Button>
        <Button type="button" onClick={() => void onConfirm()} disabled={!target || merge.isPending}>
          {merge.isPending ? <Spinner /> : <MergeIcon />} {t('customers.admin.mergeSubmit')}
        </Button>
      </DialogFooter>
    </div>
  );
}
