import { type Language, LANGUAGES } from '@core/contracts';

export { LANGUAGE_NAMES };
import { LANGUAGE_NAMES } from '@web/i18n';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

/** The choice that is no language of its own (the browser's, the company's). */
const UNSET = 'unset';

/**
 * A language, or none of its own (null): a person's (the browser's), a company's (each screen's
 * browser), a display link's (the company's). `unsetLabel` names what null means there.
 */
export function LanguageSelect({
  id,
  value,
  onChange,
  unsetLabel,
  'aria-describedby': describedBy,
}: {
  id: string;
  value: Language | null | undefined;
  onChange: (language: Language | null) => void;
  unsetLabel: string;
  'aria-describedby'?: string;
}) {
  return (
    <Select value={value ?? UNSET} onValueChange={(v) => onChange(v === UNSET ? null : (v as Language))}>
      <SelectTrigger id={id} aria-describedby={describedBy}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={UNSET}>{unsetLabel}</SelectItem>
        {LANGUAGES.map((language) => (
          <SelectItem key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
