import { PRODUCT_NAME_MAX } from '@core/contracts';
import { parseMoneyInput } from '@core/money';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIcon } from '@web/components/activity-icon';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { useKindNames } from '@web/lib/kind-names';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toast } from '@web/components/ui/toaster';
import { useCompanyFormat } from '@web/lib/format';
import { useLogActivity } from '../api/log-activity';
import { useActivityToasts } from '../lib/toasts';
import { CustomerCombobox, guardEscapeForCombobox } from './customer-combobox';
import { LogDialogFooter } from './log-dialog-footer';
import { LogNotesField } from './log-notes-field';
import { type LogDay, LogDayField, TODAY, toLogDayRequest } from './log-day-field';
import { cn } from '@web/lib/cn';

/** Log Sale: customer, value in the company currency, product, notes. */
export function LogSaleDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onEscapeKeyDown={guardEscapeForCombobox}>
        <LogSaleForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function LogSaleForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('activity');
  // A kind the company renamed (decision 116) is logged by its name.
  const { logTitle } = useKindNames();
  const format = useCompanyFormat();
  const valueId = useId();
  const productId = useId();
  const [customerName, setCustomerName] = useState('');
  const [value, setValue] = useState('');
  const [productName, setProductName] = useState('');
  const [notes, setNotes] = useState('');
  const [day, setDay] = useState<LogDay>(TODAY);
  const [isValueInvalid, setIsValueInvalid] = useState(false);
  const logActivity = useLogActivity();
  const { showLogged, showKept, showError } = useActivityToasts();

  // Log Sale is disabled while the value is empty or a save runs.
  const canSubmit = value.trim() !== '' && !logActivity.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const ticketSize = parseMoneyInput(value);
    if (ticketSize === null) {
      setIsValueInvalid(true);
      toast.error(t('toast.invalidValue'), { description: t('toast.invalidSaleValue') });
      return;
    }
    logActivity.mutate(
      {
        kind: 'sale',
        ticketSize,
        productName: productName.trim() || null,
        customerName: customerName.trim() || null,
        notes: notes.trim() || null,
        ...toLogDayRequest(day),
      },
      {
        onSuccess: (outcome) => {
          onDone();
          if (outcome.state === 'sent') showLogged(outcome.activity);
          else showKept();
        },
        onError: (error) => showError('toast.couldNotLogSale', error),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <div className="flex items-center gap-3">
          <ActivityIcon type="sale" />
          <DialogTitle>{logTitle('sale', t('logSale.title'))}</DialogTitle>
        </div>
        <DialogDescription>{t('logSale.description')}</DialogDescription>
      </DialogHeader>

      <CustomerCombobox value={customerName} onChange={setCustomerName} />

      <div className="space-y-2">
        <Label htmlFor={valueId}>{t('logSale.valueIn', { currency: format.currency })}</Label>
        <div className="relative">
          {/* The sign where the language writes it: "12 500 kr" in Norwegian, Swedish and Danish, "NOK 12,500" in English. */}
          <span
            className={cn(
              'pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm font-medium text-muted-foreground',
              format.currencyAfter ? 'right-3' : 'left-3',
            )}
            aria-hidden
          >
            {format.currencySymbol}
          </span>
          <Input
            id={valueId}
            inputMode="decimal"
            autoComplete="off"
            aria-required
            placeholder={t('logSale.valuePlaceholder')}
            className={cn('tabular h-11 text-lg font-semibold', format.currencyAfter ? 'pr-12 text-end' : 'pl-12')}
            value={value}
            aria-invalid={isValueInvalid || undefined}
            onChange={(event) => {
              setValue(event.target.value);
              setIsValueInvalid(false);
            }}
          />
        </div>
        {isValueInvalid && (
          <p className="text-sm text-destructive" role="alert">
            {t('toast.invalidSaleValue')}
          </p>
        )}
      </div>

      <div className="space-y-2">
        <Label htmlFor={productId}>
          {t('logSale.product')} <span className="font-normal text-muted-foreground">{t('logSale.productOptional')}</span>
        </Label>
        <Input
          id={productId}
          value={productName}
          onChange={(event) => setProductName(event.target.value)}
          placeholder={t('logSale.productPlaceholder')}
          maxLength={PRODUCT_NAME_MAX}
          className="h-10"
        />
      </div>

      <LogNotesField value={notes} onChange={setNotes} />

      <LogDayField value={day} onChange={setDay} disabled={logActivity.isPending} />

      <LogDialogFooter
        pending={logActivity.isPending}
        canSubmit={canSubmit}
        submit={logTitle('sale', t('logSale.submit'))}
        saving={t('logSale.saving')}
        leave={{ kind: 'cancel', label: t('logSale.cancel'), onClick: onDone }}
      />
    </form>
  );
}
