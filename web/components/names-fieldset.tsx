import { LANGUAGES } from '@core/language';
import { useTranslation } from 'react-i18next';
import { Input } from '@web/components/ui/input';
import { FieldError, Label } from '@web/components/ui/label';
import { LANGUAGE_NAMES } from '@web/i18n';

type Names = Record<(typeof LANGUAGES)[number], string>;

/**
 * A name in each language the product speaks, side by side (a KPI's: decision 101; a company badge's:
 * decision 107): one labelled group with its hint and its one refusal. The reader's own language comes
 * first (and takes the keyboard when the dialog opens), the others after it in the product's order.
 */
export function NamesFieldset({
  id,
  legend,
  hint,
  names,
  onChange,
  error,
  placeholders,
}: {
  /** The ids of the inputs, the hint and the error start with it. */
  id: string;
  legend: string;
  hint: string;
  names: Names;
  onChange: (names: Names) => void;
  error: string | undefined;
  /** What stands in an empty field (a built-in kind's: the app's name in that language). */
  placeholders?: Partial<Names>;
}) {
  const { i18n } = useTranslation();
  const own = LANGUAGES.find((language) => i18n.language.startsWith(language));
  const ordered = own ? [own, ...LANGUAGES.filter((language) => language !== own)] : LANGUAGES;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? `${id}-names-error` : `${id}-names-help`}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={`${id}-names-help`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {ordered.map((choice) => (
          <div key={choice} className="space-y-1">
            <Label htmlFor={`${id}-name-${choice}`} className="text-xs text-muted-foreground">
              {LANGUAGE_NAMES[choice]}
            </Label>
            <Input
              id={`${id}-name-${choice}`}
              value={names[choice]}
              maxLength={40}
              placeholder={placeholders?.[choice]}
              aria-invalid={!!error}
              onChange={(e) => onChange({ ...names, [choice]: e.target.value })}
            />
          </div>
        ))}
      </div>
      <FieldError id={`${id}-names-error`}>{error}</FieldError>
    </fieldset>
  );
}
