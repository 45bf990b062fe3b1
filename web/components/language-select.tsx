import type { Language } from '@core/contracts';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

/** Each language by its own name, as a person looks for it in a list. */
export const LANGUAGE_NAMES = { en: 'English', nb: 'Norsk (bokmål)' } as const satisfies Record<Language, string>;

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
        <SelectItem value="en">{LANGUAGE_NAMES.en}</SelectItem>
        <SelectItem value="nb">{LANGUAGE_NAMES.nb}</SelectItem>
      </SelectContent>
    </Select>
  );
}
