import { z } from 'zod';
import { isSingleLine, isStorableText, text } from './common';
import { isLocalDate } from '../period/local-date';
import { LANGUAGES } from '../language';

/*
 * A company's own activity types (decision 100): what its people log besides the five built-in
 * kinds, with outcomes, fields and points. Admins define them; every member reads them (the log
 * dialogs). Ids of outcomes, fields and options are never reused: one removed from a type in use
 * stays in it, archived, so past activities read the same.
 */

export const ACTIVITY_TYPES_PER_COMPANY_MAX = 50;
export const ACTIVITY_TYPE_OUTCOMES_MAX = 8;
export const ACTIVITY_TYPE_FIELDS_MAX = 12;
export const ACTIVITY_FIELD_OPTIONS_MAX = 20;
export const ACTIVITY_TYPE_NAME_MAX = 40;
export const ACTIVITY_TYPE_POINTS_MAX = 1000;
export const ACTIVITY_TYPE_BONUS_THRESHOLD_MAX = 1000;

/** Icons a type can wear (lucide's, by their kebab-case names). */
export const ACTIVITY_TYPE_ICONS = [
  'phone',
  'phone-call',
  'headset',
  'calendar-check',
  'presentation',
  'video',
  'handshake',
  'mail',
  'message-square',
  'send',
  'door-open',
  'map-pin',
  'car',
  'file-signature',
  'banknote',
  'receipt',
  'shopping-cart',
  'repeat',
  'trending-up',
  'target',
  'trophy',
  'star',
  'users',
  'briefcase',
  'clipboard-check',
  'coffee',
  'gift',
  'rocket',
  'thumbs-up',
  'zap',
] as const;
export type ActivityTypeIcon = (typeof ACTIVITY_TYPE_ICONS)[number];

/** Colours a type can wear: each a pair of the theme's tones that passes AA in light and in dark. */
export const ACTIVITY_TYPE_COLOURS = ['blue', 'green', 'amber', 'red', 'grey'] as const;
export type ActivityTypeColour = (typeof ACTIVITY_TYPE_COLOURS)[number];

/** What a field holds: a number, money (minor units of the company currency), one of its options, yes or no, a line of text, a date. */
export const ACTIVITY_FIELD_KINDS = ['number', 'money', 'choice', 'yes_no', 'text', 'date'] as const;
export type ActivityFieldKind = (typeof ACTIVITY_FIELD_KINDS)[number];

/** The templates an admin can start from (core/activity-types/templates.ts). */
export const ACTIVITY_TYPE_TEMPLATES = ['sdr', 'field_sales', 'account_management'] as const;
export type ActivityTypeTemplate = (typeof ACTIVITY_TYPE_TEMPLATES)[number];

const NAME_MESSAGE = `A name can be at most ${ACTIVITY_TYPE_NAME_MAX} characters, on one line`;
const name = text({ error: 'A name must be text' })
  .trim()
  .max(ACTIVITY_TYPE_NAME_MAX, NAME_MESSAGE)
  .refine(isSingleLine, { message: NAME_MESSAGE })
  .optional();

/**
 * A name in each language the company speaks: at least one. Left out or empty, a language shows
 * the company's name, else the first there is (pickName).
 */
export const LocalizedNamesSchema = z
  .strictObject(Object.fromEntries(LANGUAGES.map((language) => [language, name])) as Record<(typeof LANGUAGES)[number], typeof name>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Names are given in en, nb, sv or da' : undefined),
  })
  .refine((names) => Object.values(names).some((value) => typeof value === 'string' && value.trim() !== ''), {
    message: 'Give it a name',
  });
export type LocalizedNames = Partial<Record<(typeof LANGUAGES)[number], string>>;

/** An outcome's, field's or option's id: kept for ever, so history reads the same. New entries come without one and get one. */
export const EntryIdSchema = text().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'must be an id of letters, digits, - and _');

const points = z
  .number({ error: 'Points must be a whole number' })
  .int('Points must be a whole number')
  .min(0, 'Points cannot be negative')
  .max(ACTIVITY_TYPE_POINTS_MAX, `Points can be at most ${ACTIVITY_TYPE_POINTS_MAX}`);

const celebrate = z.boolean({ error: 'Say whether it is celebrated' }).default(false);

export const ActivityOutcomeInputSchema = z.strictObject({
  id: EntryIdSchema.optional(),
  names: LocalizedNamesSchema,
  points,
  /** The walls and the app celebrate one logged with this outcome (decision 105). */
  celebrate,
});
export const ActivityFieldOptionInputSchema = z.strictObject({ id: EntryIdSchema.optional(), names: LocalizedNamesSchema });

export const ActivityFieldInputSchema = z.strictObject({
  id: EntryIdSchema.optional(),
  names: LocalizedNamesSchema,
  kind: z.enum(ACTIVITY_FIELD_KINDS, { error: 'Choose what the field holds' }),
  required: z.boolean({ error: 'Say whether the field is required' }).default(false),
  /** A choice's options (2 to 20); no other kind has any. */
  options: z
    .array(ActivityFieldOptionInputSchema)
    .max(ACTIVITY_FIELD_OPTIONS_MAX, `A choice can have at most ${ACTIVITY_FIELD_OPTIONS_MAX} options`)
    .optional(),
  /** Money only: points for each whole unit of the currency (0.01 is a point per hundred kroner). */
  pointsPerUnit: z
    .number({ error: 'Points per unit must be a number' })
    .min(0, 'Points per unit cannot be negative')
    .max(ACTIVITY_TYPE_POINTS_MAX, `Points per unit can be at most ${ACTIVITY_TYPE_POINTS_MAX}`)
    .nullish(),
});

/** "The Nth of the day earns extra": the 20-call bonus as a rule any type can have. */
export const ActivityBonusSchema = z.strictObject({
  threshold: z
    .number({ error: 'The bonus needs a whole number of activities' })
    .int('The bonus needs a whole number of activities')
    .min(2, 'The bonus needs at least 2 activities a day')
    .max(ACTIVITY_TYPE_BONUS_THRESHOLD_MAX, `The bonus can ask for at most ${ACTIVITY_TYPE_BONUS_THRESHOLD_MAX} a day`),
  points: points.refine((value) => value > 0, { message: 'A bonus is worth at least 1 point' }),
});
export type ActivityBonus = z.infer<typeof ActivityBonusSchema>;

/** Two entries of one list may not share an id, nor a name in any language. */
function findTwins(entries: readonly { id?: string; names: LocalizedNames }[]): 'id' | 'name' | null {
  const ids = entries.flatMap((entry) => (entry.id ? [entry.id] : []));
  if (new Set(ids).size !== ids.length) return 'id';
  for (const language of LANGUAGES) {
    const names = entries.map((entry) => entry.names[language]?.trim().toLowerCase()).filter((value) => value);
    if (new Set(names).size !== names.length) return 'name';
  }
  return null;
}

/** A type as an admin writes it: the whole definition (an outcome, field or option left out is removed, or archived when in use). */
export const ActivityTypeInputSchema = z
  .strictObject({
    names: LocalizedNamesSchema,
    icon: z.enum(ACTIVITY_TYPE_ICONS, { error: 'Choose one of the icons' }),
    colour: z.enum(ACTIVITY_TYPE_COLOURS, { error: 'Choose one of the colours' }),
    /** Points for every one logged; an outcome's points are added to these. */
    points,
    outcomes: z
      .array(ActivityOutcomeInputSchema)
      .max(ACTIVITY_TYPE_OUTCOMES_MAX, `A type can have at most ${ACTIVITY_TYPE_OUTCOMES_MAX} outcomes`),
    fields: z.array(ActivityFieldInputSchema).max(ACTIVITY_TYPE_FIELDS_MAX, `A type can have at most ${ACTIVITY_TYPE_FIELDS_MAX} fields`),
    bonus: ActivityBonusSchema.nullable(),
    /** The walls and the app celebrate every one logged, whatever its outcome (decision 105). */
    celebrate,
  })
  .superRefine((input, ctx) => {
    if (findTwins(input.outcomes) === 'name')
      ctx.addIssue({ code: 'custom', path: ['outcomes'], message: 'Two outcomes have the same name' });
    if (findTwins(input.outcomes) === 'id') ctx.addIssue({ code: 'custom', path: ['outcomes'], message: 'Two outcomes have the same id' });
    if (findTwins(input.fields) === 'name') ctx.addIssue({ code: 'custom', path: ['fields'], message: 'Two fields have the same name' });
    if (findTwins(input.fields) === 'id') ctx.addIssue({ code: 'custom', path: ['fields'], message: 'Two fields have the same id' });
    input.fields.forEach((field, i) => {
      const options = field.options ?? [];
      if (field.kind === 'choice' && options.length < 2)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'A choice needs at least 2 options' });
      if (field.kind !== 'choice' && options.length > 0)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'Only a choice has options' });
      if (field.kind === 'choice' && findTwins(options) !== null)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'Two options have the same name or id' });
      if (field.kind !== 'money' && field.pointsPerUnit != null && field.pointsPerUnit !== 0)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'pointsPerUnit'], message: 'Only a money field gives points per unit' });
    });
  });
export type ActivityTypeInput = z.input<typeof ActivityTypeInputSchema>;
export type ActivityTypeDefinition = z.output<typeof ActivityTypeInputSchema>;

/** Names as stored: by language code. */
const StoredNamesSchema = z.record(text(), text());

export const ActivityOutcomeSchema = z.object({
  id: text(),
  names: StoredNamesSchema,
  points: z.number().int(),
  celebrate: z.boolean(),
  archived: z.boolean(),
});
export const ActivityFieldOptionSchema = z.object({ id: text(), names: StoredNamesSchema, archived: z.boolean() });
export const ActivityFieldSchema = z.object({
  id: text(),
  names: StoredNamesSchema,
  kind: z.enum(ACTIVITY_FIELD_KINDS),
  required: z.boolean(),
  options: z.array(ActivityFieldOptionSchema),
  pointsPerUnit: z.number().nullable(),
  archived: z.boolean(),
});
export type ActivityOutcome = z.infer<typeof ActivityOutcomeSchema>;
export type ActivityField = z.infer<typeof ActivityFieldSchema>;
export type ActivityFieldOption = z.infer<typeof ActivityFieldOptionSchema>;

export const ActivityTypeSchema = z.object({
  id: text(),
  names: StoredNamesSchema,
  icon: z.enum(ACTIVITY_TYPE_ICONS),
  colour: z.enum(ACTIVITY_TYPE_COLOURS),
  points: z.number().int(),
  /** Archived ones too (archived: true), after the live ones. */
  outcomes: z.array(ActivityOutcomeSchema),
  fields: z.array(ActivityFieldSchema),
  bonus: ActivityBonusSchema.nullable(),
  /** Every one logged is celebrated on the walls and in the app; else only those of an outcome marked `celebrate` (decision 105). */
  celebrate: z.boolean(),
  /** When it was archived (no longer offered to log); null while in use. */
  archivedAt: text().nullable(),
  /** Whether any activity has this type: then it can be archived but not deleted. */
  inUse: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
});
export type ActivityType = z.infer<typeof ActivityTypeSchema>;

/** The company's own types: live ones first in the order they were made, then archived ones. */
/** How far back a member's use of each type is counted (their quick log puts the most used first). */
export const ACTIVITY_TYPE_USE_DAYS = 30;

/**
 * The built-in kinds an admin can give a daily bonus (decision 115): "the Nth of the day earns
 * extra", as on the company's own types. A call's is the point rule's (daily_call_bonus_20).
 */
export const BONUS_KINDS = ['meeting', 'sale', 'email', 'linkedin'] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

/** A built-in kind's daily bonus, none when null. */
export const BuiltInKindBonusSchema = z.object({ key: z.enum(BONUS_KINDS), bonus: ActivityBonusSchema.nullable() });
export type BuiltInKindBonus = z.infer<typeof BuiltInKindBonusSchema>;

export const BuiltInKindParamsSchema = z.object({
  key: z.enum(BONUS_KINDS, { error: 'Choose a meeting, a sale, an e-mail or LinkedIn: a call’s bonus is set under KPI Rules' }),
});
export const BuiltInKindBonusInputSchema = z.strictObject({ bonus: ActivityBonusSchema.nullable() });
export const BuiltInKindBonusListSchema = z.object({ builtIn: z.array(BuiltInKindBonusSchema) });
export type BuiltInKindBonusInput = z.infer<typeof BuiltInKindBonusInputSchema>;

/** The five built-in kinds, each a row of the company's types (decision 114), keyed so. */
export const BUILT_IN_KINDS = ['call', 'meeting', 'sale', 'email', 'linkedin'] as const;
export type BuiltInKind = (typeof BUILT_IN_KINDS)[number];

/**
 * A built-in kind the company renamed (decision 116): its names in the languages given, which every
 * screen, export and message uses for the kind; a kind not listed is named by the app's words.
 */
export const RenamedKindSchema = z.object({ key: z.enum(BUILT_IN_KINDS), names: StoredNamesSchema });
export type RenamedKind = z.infer<typeof RenamedKindSchema>;

export const BuiltInKindKeyParamsSchema = z.object({
  key: z.enum(BUILT_IN_KINDS, { error: 'Choose a call, a meeting, a sale, an e-mail or LinkedIn' }),
});
/** Renaming a built-in kind: its names (at least one), or null for the app's words again. */
export const BuiltInKindNamesInputSchema = z.strictObject({ names: LocalizedNamesSchema.nullable() });
export type BuiltInKindNamesInput = z.infer<typeof BuiltInKindNamesInputSchema>;
export const RenamedKindListSchema = z.object({ renamedKinds: z.array(RenamedKindSchema) });

export const ActivityTypeListSchema = z.object({
  types: z.array(ActivityTypeSchema),
  /** How many of each type the caller logged in the last 30 days, by type id (none: not listed). */
  myUse: z.record(text(), z.number().int()),
  /** The daily bonus of each built-in kind that can have one, in BONUS_KINDS' order. */
  builtIn: z.array(BuiltInKindBonusSchema),
  /** The built-in kinds the company renamed, in BUILT_IN_KINDS' order. */
  renamedKinds: z.array(RenamedKindSchema),
});
export type ActivityTypeList = z.infer<typeof ActivityTypeListSchema>;

/**
 * One of the company's own types as a feed, a board or a wall names an activity of it (decision
 * 100): its names, look and the activity's outcome's names, read with the activity (no second
 * request, and a signed-out wall needs no other right).
 */
export const OwnTypeLookSchema = z.object({
  names: StoredNamesSchema,
  icon: z.enum(ACTIVITY_TYPE_ICONS),
  colour: z.enum(ACTIVITY_TYPE_COLOURS),
  outcomeNames: StoredNamesSchema.nullable(),
  /** The type celebrates every one logged (decision 105): a card names the type, not the outcome. */
  celebratesEvery: z.boolean(),
});
export type OwnTypeLook = z.infer<typeof OwnTypeLookSchema>;

export const ActivityTypeParamsSchema = z.object({ id: z.uuid({ error: 'Not an activity type id' }) });

export const AddActivityTypeTemplateSchema = z.strictObject({
  template: z.enum(ACTIVITY_TYPE_TEMPLATES, { error: 'Choose a template: SDR team, field sales or account management' }),
});
export type AddActivityTypeTemplate = z.infer<typeof AddActivityTypeTemplateSchema>;

// ---- logging one (POST /api/v1/activities with kind 'custom') ------------------------------------

export const ACTIVITY_FIELD_TEXT_MAX = 200;
/** A number field's bound either way: more than any count a team logs, small enough to stay exact. */
export const ACTIVITY_FIELD_NUMBER_MAX = 1_000_000_000;

/** A value as sent and stored: a number (money in minor units), a choice's option id, yes or no, a line of text, a date. */
export type ActivityFieldValue = number | boolean | string;
export type ActivityFieldValues = Record<string, ActivityFieldValue>;

/** The refusals of a logged activity's outcome and field values, by what is wrong (worded in every language, decision 083). */
export const ACTIVITY_VALUE_MESSAGES = {
  outcome: 'Choose one of the outcomes',
  noOutcomes: 'This type has no outcomes',
  required: 'This field is required',
  unknown: 'This type has no such field',
  number: 'Enter a number',
  money: 'Enter an amount in minor units (øre, cents), 0 or more',
  choice: 'Choose one of the options',
  yesNo: 'Choose yes or no',
  text: `The text can be at most ${ACTIVITY_FIELD_TEXT_MAX} characters, on one line`,
  date: 'Enter a date as YYYY-MM-DD',
} as const;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One value against its field: the value to store, or why not. */
function checkFieldValue(field: ActivityField, value: unknown): { value: ActivityFieldValue } | { error: string } {
  switch (field.kind) {
    case 'number':
      return isFiniteNumber(value) && Math.abs(value) <= ACTIVITY_FIELD_NUMBER_MAX ? { value } : { error: ACTIVITY_VALUE_MESSAGES.number };
    case 'money':
      return isFiniteNumber(value) && Number.isInteger(value) && value >= 0 && value <= 1_000_000_000_000
        ? { value }
        : { error: ACTIVITY_VALUE_MESSAGES.money };
    case 'choice':
      return typeof value === 'string' && field.options.some((option) => option.id === value && !option.archived)
        ? { value }
        : { error: ACTIVITY_VALUE_MESSAGES.choice };
    case 'yes_no':
      return typeof value === 'boolean' ? { value } : { error: ACTIVITY_VALUE_MESSAGES.yesNo };
    case 'text': {
      const text = typeof value === 'string' ? value.trim() : null;
      return text !== null && text.length <= ACTIVITY_FIELD_TEXT_MAX && isSingleLine(text) && isStorableText(text)
        ? { value: text }
        : { error: ACTIVITY_VALUE_MESSAGES.text };
    }
    case 'date':
      return typeof value === 'string' && isLocalDate(value) ? { value } : { error: ACTIVITY_VALUE_MESSAGES.date };
  }
}

/**
 * A logged activity's outcome and field values against its type: what to store (text trimmed, an
 * empty value left out), or the refusals keyed as a form shows them ("outcome", "fields.<id>").
 * An archived outcome, field or option takes no new values; a required live field must have one.
 */
export function checkActivityValues(
  type: { outcomes: readonly ActivityOutcome[]; fields: readonly ActivityField[] },
  input: { outcome?: string | null; fields?: Record<string, unknown> | null },
): { outcomeId: string | null; values: ActivityFieldValues; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const live = type.outcomes.filter((outcome) => !outcome.archived);
  let outcomeId: string | null = null;
  if (live.length === 0) {
    if (input.outcome != null) errors.outcome = ACTIVITY_VALUE_MESSAGES.noOutcomes;
  } else if (input.outcome != null && live.some((outcome) => outcome.id === input.outcome)) {
    outcomeId = input.outcome;
  } else {
    errors.outcome = ACTIVITY_VALUE_MESSAGES.outcome;
  }
  const values: ActivityFieldValues = {};
  const given = input.fields ?? {};
  for (const [id, value] of Object.entries(given)) {
    const field = type.fields.find((f) => f.id === id && !f.archived);
    if (!field) {
      errors[`fields.${id}`] = ACTIVITY_VALUE_MESSAGES.unknown;
      continue;
    }
    // Left empty: as if not given (a form's empty input, a null from an API client).
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) continue;
    const checked = checkFieldValue(field, value);
    if ('error' in checked) errors[`fields.${id}`] = checked.error;
    else values[id] = checked.value;
  }
  for (const field of type.fields) {
    if (field.required && !field.archived && !(field.id in values) && !errors[`fields.${field.id}`]) {
      errors[`fields.${field.id}`] = ACTIVITY_VALUE_MESSAGES.required;
    }
  }
  return { outcomeId, values, errors };
}
