import { InfoIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/cn';

/**
 * One meaning per name (decision 074, after 057): "Conversion" is meetings booked per call, on every
 * board; the wrap-up's is the same division of the report's own numbers; a rep's meetings per
 * answered call on My Activity is the "Hit rate". Each says how it is computed on focus.
 */
export type ConversionKind = 'hitRate' | 'calls' | 'wrapup';

/** The words of a kind of conversion: its label and how it is computed. */
export function useConversionWords(kind: ConversionKind) {
  const { t } = useTranslation('common');
  return { label: t(`conversion.${kind}.label`), explain: t(`conversion.${kind}.explain`) };
}

/** A keyboard-focusable "i" whose tooltip says how this conversion is computed (also its accessible description). */
export function ConversionInfo({ kind, className }: { kind: ConversionKind; className?: string }) {
  const { t } = useTranslation('common');
  const { explain } = useConversionWords(kind);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          aria-label={t('conversion.about')}
          className={cn(
            'inline-flex size-5 shrink-0 items-center justify-center rounded-full align-middle text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            className,
          )}
        >
          <InfoIcon className="size-3.5" aria-hidden />
        </button>
      </TooltipTrigger>
      <TooltipContent className="max-w-64">{explain}</TooltipContent>
    </Tooltip>
  );
}

/** The label of a conversion with its explanation: "Conversion (i)". */
export function ConversionLabel({ kind, label, className }: { kind: ConversionKind; label?: string; className?: string }) {
  const words = useConversionWords(kind);
  return (
    <span className={cn('inline-flex items-center gap-1', className)}>
      <span>{label ?? words.label}</span>
      <ConversionInfo kind={kind} />
    </span>
  );
}
