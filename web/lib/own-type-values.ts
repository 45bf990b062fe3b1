import type { ActivityField } from '@core/contracts';
import type { CompanyFormat } from '@web/lib/format';

/** What a list row says of an own type's field values: the first money value, as a sale's, and the rest in words. */
export type OwnTypeValueWords = { amount: string | null; details: string[] };

/**
 * An activity of one of the company's own types as a list row shows it (decision 100): its first
 * money field's value beside the name, as a sale's value stands; then each other value that was
 * given, in the type's order: a choice by its option's name, yes/no and numbers and dates with
 * their field's name ("Qualified: Yes", "Site size: 1,200"). Text fields are the notes' kind of
 * thing and stay out of a one-line summary.
 */
export function describeOwnTypeValues(
  fields: readonly ActivityField[],
  values: Readonly<Record<string, number | boolean | string>> | null,
  words: { format: CompanyFormat; nameOf: (names: Record<string, string>) => string; yes: string; no: string },
): OwnTypeValueWords {
  let amount: string | null = null;
  const details: string[] = [];
  for (const field of fields) {
    const value = values?.[field.id];
    if (value === undefined || value === null || value === '') continue;
    const name = words.nameOf(field.names);
    if (field.kind === 'money' && typeof value === 'number') {
      if (amount === null) amount = words.format.money(value);
      else details.push(`${name}: ${words.format.money(value)}`);
    } else if (field.kind === 'choice') {
      const option = field.options.find((candidate) => candidate.id === value);
      if (option) details.push(words.nameOf(option.names));
    } else if (field.kind === 'yes_no' && typeof value === 'boolean') {
      details.push(`${name}: ${value ? words.yes : words.no}`);
    } else if (field.kind === 'number' && typeof value === 'number') {
      details.push(`${name}: ${words.format.number(value, 2)}`);
    } else if (field.kind === 'date' && typeof value === 'string') {
      details.push(`${name}: ${words.format.date(`${value}T12:00:00Z`)}`);
    }
  }
  return { amount, details };
}
