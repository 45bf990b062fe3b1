import type { ActivityFieldKind, ActivityType, ActivityTypeColour, ActivityTypeIcon, ActivityTypeInput } from '@core/contracts';
import type { LANGUAGES } from '@core/language';

/*
 * The type editor's form (decision 100): what the admin types, kept as text until it is sent, with
 * a local key per row so React keeps each row's inputs while rows come and go. Converted to the
 * contract's input on saving; the contract's own checks then word any refusal.
 */

export type Language = (typeof LANGUAGES)[number];
export type Names = Record<Language, string>;

export type OptionRow = { key: string; id?: string; names: Names };
export type OutcomeRow = { key: string; id?: string; names: Names; points: string; celebrate: boolean };
export type FieldRow = {
  key: string;
  id?: string;
  names: Names;
  kind: ActivityFieldKind;
  required: boolean;
  options: OptionRow[];
  pointsPerUnit: string;
};
export type EditorForm = {
  names: Names;
  icon: ActivityTypeIcon;
  colour: ActivityTypeColour;
  points: string;
  outcomes: OutcomeRow[];
  fields: FieldRow[];
  bonusOn: boolean;
  bonusThreshold: string;
  bonusPoints: string;
  /** Every one is celebrated; else only those of an outcome marked (decision 105). */
  celebrate: boolean;
};

let nextKey = 0;
export const newKey = () => `row-${++nextKey}`;

export const emptyNames = (): Names => ({ en: '', nb: '', sv: '', da: '' });
const toNames = (names: Record<string, string>): Names => ({ ...emptyNames(), ...names });

export const newOption = (): OptionRow => ({ key: newKey(), names: emptyNames() });
export const newOutcome = (): OutcomeRow => ({ key: newKey(), names: emptyNames(), points: '0', celebrate: false });
export const newField = (): FieldRow => ({
  key: newKey(),
  names: emptyNames(),
  kind: 'number',
  required: false,
  options: [],
  pointsPerUnit: '',
});

export function newForm(): EditorForm {
  return {
    names: emptyNames(),
    icon: 'star',
    colour: 'blue',
    points: '1',
    outcomes: [],
    fields: [],
    bonusOn: false,
    bonusThreshold: '20',
    bonusPoints: '5',
    celebrate: false,
  };
}

/** A stored type as the form shows it: archived outcomes, fields and options are left out (saving keeps them archived). */
export function toForm(type: ActivityType): EditorForm {
  return {
    names: toNames(type.names),
    icon: type.icon,
    colour: type.colour,
    points: String(type.points),
    outcomes: type.outcomes
      .filter((outcome) => !outcome.archived)
      .map((outcome) => ({
        key: newKey(),
        id: outcome.id,
        names: toNames(outcome.names),
        points: String(outcome.points),
        celebrate: outcome.celebrate,
      })),
    fields: type.fields
      .filter((field) => !field.archived)
      .map((field) => ({
        key: newKey(),
        id: field.id,
        names: toNames(field.names),
        kind: field.kind,
        required: field.required,
        options: field.options
          .filter((option) => !option.archived)
          .map((option) => ({ key: newKey(), id: option.id, names: toNames(option.names) })),
        pointsPerUnit: field.pointsPerUnit === null ? '' : String(field.pointsPerUnit),
      })),
    bonusOn: type.bonus !== null,
    bonusThreshold: String(type.bonus?.threshold ?? 20),
    bonusPoints: String(type.bonus?.points ?? 5),
    celebrate: type.celebrate,
  };
}

/** A number as typed; empty or not a number is NaN, which the contract refuses in words. */
/** A number as typed (a decimal comma read as a point); empty: not a number, for the contract to refuse. */
export const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
const withId = (id: string | undefined) => (id ? { id } : {});

export function toInput(form: EditorForm): ActivityTypeInput {
  return {
    names: form.names,
    icon: form.icon,
    colour: form.colour,
    points: toNumber(form.points),
    outcomes: form.outcomes.map((outcome) => ({
      ...withId(outcome.id),
      names: outcome.names,
      points: toNumber(outcome.points),
      // With every one celebrated, an outcome's own mark would say nothing more.
      celebrate: !form.celebrate && outcome.celebrate,
    })),
    fields: form.fields.map((field) => ({
      ...withId(field.id),
      names: field.names,
      kind: field.kind,
      required: field.required,
      ...(field.kind === 'choice' ? { options: field.options.map((option) => ({ ...withId(option.id), names: option.names })) } : {}),
      ...(field.kind === 'money' && field.pointsPerUnit.trim() !== '' ? { pointsPerUnit: toNumber(field.pointsPerUnit) } : {}),
    })),
    bonus: form.bonusOn ? { threshold: toNumber(form.bonusThreshold), points: toNumber(form.bonusPoints) } : null,
    celebrate: form.celebrate,
  };
}
