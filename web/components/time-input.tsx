import { parseClockTime } from '@core/period';
import { type ComponentProps, useState } from 'react';
import { Input } from '@web/components/ui/input';

type TimeInputProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  /** HH:mm, or '' for none. */
  value: string;
  /** Hears HH:mm as soon as the text is a time of day; otherwise the text as typed (the form's check refuses it). */
  onValueChange: (value: string) => void;
};

/**
 * A time of day on the app's 24-hour clock (decision 058). The browser's `type="time"` shows the
 * browser's clock ("04:00 PM" in an English browser), whatever language the app speaks; every other
 * screen shows HH:mm. This is a text field that takes "930", "9:30" or "09.30" and shows 09:30 once
 * it is left.
 */
export function TimeInput({ value, onValueChange, onBlur, placeholder = 'HH:MM', 'aria-invalid': ariaInvalid, ...props }: TimeInputProps) {
  const [draft, setDraft] = useState(value);
  // The value the parent holds last heard from here: a different one (a reset, a refetch) replaces the text.
  const [heard, setHeard] = useState(value);
  if (value !== heard) {
    setHeard(value);
    setDraft(value);
  }
  const invalid = draft.trim() !== '' && parseClockTime(draft) === null;
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      maxLength={5}
      {...props}
      aria-invalid={ariaInvalid ?? (invalid || undefined)}
      value={draft}
      onChange={(event) => {
        const text = event.target.value;
        const next = parseClockTime(text) ?? text.trim();
        setDraft(text);
        setHeard(next);
        onValueChange(next);
      }}
      onBlur={(event) => {
        const parsed = parseClockTime(draft);
        if (parsed !== null) setDraft(parsed);
        onBlur?.(event);
      }}
    />
  );
}
