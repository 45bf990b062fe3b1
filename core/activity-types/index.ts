import type {
  ActivityBonus,
  ActivityField,
  ActivityFieldOption,
  ActivityOutcome,
  ActivityTypeColour,
  ActivityTypeDefinition,
  ActivityTypeIcon,
  ActivityTypeTemplate,
  LocalizedNames,
} from '../contracts/activity-types';
import { LANGUAGES } from '../language';

/*
 * A company's own activity types (decision 100), as plain data: the name a reader sees, how an
 * admin's new definition merges into the stored one (ids kept, what is in use archived rather
 * than dropped), and the templates for common teams.
 */

type Language = (typeof LANGUAGES)[number];

/** The stored definition of a type: what an admin wrote, with every id given and the archived entries kept. */
export type StoredActivityTypeDefinition = {
  names: LocalizedNames;
  icon: ActivityTypeIcon;
  colour: ActivityTypeColour;
  points: number;
  outcomes: ActivityOutcome[];
  fields: ActivityField[];
  bonus: ActivityBonus | null;
  celebrate: boolean;
};

/** The name a reader sees: theirs, else the company's, else the first there is in our languages' order. */
export function pickName(names: LocalizedNames | Record<string, string>, language: string, companyLanguage?: string | null): string {
  const byLanguage = names as Record<string, string | undefined>;
  for (const choice of [language, companyLanguage ?? undefined, ...LANGUAGES]) {
    const name = choice ? byLanguage[choice]?.trim() : undefined;
    if (name) return name;
  }
  return '';
}

/**
 * The name of `names` that another entry already has in the same language (case and spaces aside),
 * or null: names tell types (and KPIs) apart in every menu.
 */
export function findNameClash(others: readonly { names: LocalizedNames | Record<string, string> }[], names: LocalizedNames): string | null {
  for (const other of others) {
    for (const language of LANGUAGES) {
      const mine = names[language]?.trim().toLowerCase();
      if (mine && (other.names as LocalizedNames)[language]?.trim().toLowerCase() === mine) return names[language]!.trim();
    }
  }
  return null;
}

/** Names trimmed, empty ones left out. */
export function cleanNames(names: LocalizedNames): LocalizedNames {
  const clean: LocalizedNames = {};
  for (const language of LANGUAGES) {
    const name = names[language]?.trim();
    if (name) clean[language] = name;
  }
  return clean;
}

/**
 * Merges one list of an admin's new definition into the stored one: an entry with an id keeps it
 * (an unknown id is taken as given, as a template's or an import's would be); a new one gets
 * `newId()`; a stored entry left out is dropped, or kept archived while the type is in use.
 * Archived entries that come back are live again. Live entries in the admin's order, then archived.
 */
function mergeEntries<Stored extends { id: string; archived: boolean }, Input extends { id?: string }>(
  stored: readonly Stored[],
  input: readonly Input[],
  inUse: boolean,
  build: (entry: Input, id: string, before: Stored | undefined) => Stored,
  newId: () => string,
): Stored[] {
  const byId = new Map(stored.map((entry) => [entry.id, entry]));
  const live = input.map((entry) => {
    const id = entry.id ?? newId();
    return build(entry, id, byId.get(id));
  });
  const kept = new Set(live.map((entry) => entry.id));
  const archived = inUse ? stored.filter((entry) => !kept.has(entry.id)).map((entry) => ({ ...entry, archived: true })) : [];
  return [...live, ...archived];
}

/** An admin's definition, merged into what is stored (null for a new type). */
export function mergeActivityTypeDefinition(
  stored: StoredActivityTypeDefinition | null,
  input: ActivityTypeDefinition,
  options: { inUse: boolean; newId: () => string },
): StoredActivityTypeDefinition {
  const { inUse, newId } = options;
  const outcomes = mergeEntries<ActivityOutcome, ActivityTypeDefinition['outcomes'][number]>(
    stored?.outcomes ?? [],
    input.outcomes,
    inUse,
    (entry, id) => ({
      id,
      names: cleanNames(entry.names) as Record<string, string>,
      points: entry.points,
      celebrate: entry.celebrate,
      archived: false,
    }),
    newId,
  );
  const fields = mergeEntries<ActivityField, ActivityTypeDefinition['fields'][number]>(
    stored?.fields ?? [],
    input.fields,
    inUse,
    (entry, id, before) => {
      // A field in use keeps its kind: its stored values were written for it. Asked to become
      // another kind, it keeps its options and points per unit as they were too.
      const keepsKind = inUse && before !== undefined && before.kind !== entry.kind;
      const kind = keepsKind ? before.kind : entry.kind;
      return {
        id,
        names: cleanNames(entry.names) as Record<string, string>,
        kind,
        required: entry.required,
        options: keepsKind
          ? before.options
          : kind === 'choice'
            ? mergeEntries<ActivityFieldOption, NonNullable<typeof entry.options>[number]>(
                before?.options ?? [],
                entry.options ?? [],
                inUse,
                (option, optionId) => ({ id: optionId, names: cleanNames(option.names) as Record<string, string>, archived: false }),
                newId,
              )
            : [],
        pointsPerUnit: keepsKind ? before.pointsPerUnit : kind === 'money' ? (entry.pointsPerUnit ?? null) : null,
        archived: false,
      };
    },
    newId,
  );
  return {
    names: cleanNames(input.names),
    icon: input.icon,
    colour: input.colour,
    points: input.points,
    outcomes,
    fields,
    bonus: input.bonus,
    celebrate: input.celebrate,
  };
}

// ---- templates -----------------------------------------------------------------------------------

const names = (en: string, nb: string, sv: string, da: string): Record<Language, string> => ({ en, nb, sv, da });

/**
 * The keys a template's types are stored with (activity_types.key): a type renamed by an admin is
 * still the template's, so the board templates read it (core/boards) and the template is not added twice.
 */
export const ACTIVITY_TYPE_TEMPLATE_KEYS = ['demo_held', 'door_knock', 'signed_contract', 'renewal', 'upsell', 'check_in'] as const;
export type ActivityTypeTemplateKey = (typeof ACTIVITY_TYPE_TEMPLATE_KEYS)[number];

/** The types each template adds (ids are fixed, so a type made from a template reads alike everywhere). */
export const ACTIVITY_TYPE_TEMPLATE_TYPES: Readonly<
  Record<ActivityTypeTemplate, readonly (ActivityTypeDefinition & { key: ActivityTypeTemplateKey })[]>
> = {
  // An SDR's dials are the built-in call (answered is a connect, the outcome "Meeting booked" a
  // demo booked), as the SDR board template counts them: a "Dial" type beside it split a team's
  // calls between two buttons and left the board at zero. The template adds what a call is not.
  sdr: [
    {
      key: 'demo_held',
      names: names('Demo held', 'Demo holdt', 'Genomförd demo', 'Afholdt demo'),
      icon: 'presentation',
      colour: 'green',
      points: 5,
      outcomes: [],
      fields: [
        {
          id: 'qualified',
          names: names('Qualified', 'Kvalifisert', 'Kvalificerad', 'Kvalificeret'),
          kind: 'yes_no',
          required: true,
        },
      ],
      celebrate: false,
      bonus: null,
    },
  ],
  field_sales: [
    {
      key: 'door_knock',
      names: names('Door knock', 'Dørbanking', 'Dörrknackning', 'Dørbesøg'),
      icon: 'door-open',
      colour: 'blue',
      points: 1,
      outcomes: [
        { id: 'not_home', names: names('Not home', 'Ikke hjemme', 'Inte hemma', 'Ikke hjemme'), points: 0, celebrate: false },
        { id: 'talked', names: names('Talked', 'Snakket', 'Pratade', 'Talte'), points: 1, celebrate: false },
        {
          id: 'follow_up',
          names: names('Follow-up booked', 'Oppfølging booket', 'Uppföljning bokad', 'Opfølgning booket'),
          points: 3,
          celebrate: false,
        },
      ],
      fields: [],
      celebrate: false,
      bonus: null,
    },
    {
      key: 'signed_contract',
      names: names('Signed contract', 'Signert kontrakt', 'Signerat avtal', 'Underskrevet kontrakt'),
      icon: 'file-signature',
      colour: 'amber',
      points: 10,
      outcomes: [],
      fields: [
        {
          id: 'value',
          names: names('Contract value', 'Kontraktsverdi', 'Avtalsvärde', 'Kontraktværdi'),
          kind: 'money',
          required: true,
          pointsPerUnit: 0,
        },
        {
          id: 'product',
          names: names('Product', 'Produkt', 'Produkt', 'Produkt'),
          kind: 'choice',
          required: false,
          options: [
            { id: 'standard', names: names('Standard', 'Standard', 'Standard', 'Standard') },
            { id: 'premium', names: names('Premium', 'Premium', 'Premium', 'Premium') },
          ],
        },
      ],
      celebrate: true,
      bonus: null,
    },
  ],
  account_management: [
    {
      key: 'renewal',
      names: names('Renewal', 'Fornyelse', 'Förnyelse', 'Fornyelse'),
      icon: 'repeat',
      colour: 'green',
      // Points for the renewal won, none for one lost (a Danish manager's walk: a lost renewal earned
      // as much as a booked meeting).
      points: 0,
      outcomes: [
        { id: 'renewed', names: names('Renewed', 'Fornyet', 'Förnyad', 'Fornyet'), points: 10, celebrate: true },
        { id: 'lost', names: names('Lost', 'Tapt', 'Förlorad', 'Tabt'), points: 0, celebrate: false },
      ],
      fields: [
        { id: 'value', names: names('Annual value', 'Årsverdi', 'Årsvärde', 'Årsværdi'), kind: 'money', required: true, pointsPerUnit: 0 },
      ],
      celebrate: false,
      bonus: null,
    },
    {
      key: 'upsell',
      names: names('Upsell', 'Mersalg', 'Merförsäljning', 'Mersalg'),
      icon: 'trending-up',
      colour: 'amber',
      points: 10,
      outcomes: [],
      fields: [
        {
          id: 'value',
          names: names('Upsell value', 'Mersalgsverdi', 'Merförsäljningsvärde', 'Mersalgsværdi'),
          kind: 'money',
          required: true,
          pointsPerUnit: 0,
        },
      ],
      celebrate: true,
      bonus: null,
    },
    {
      key: 'check_in',
      names: names('Check-in', 'Kundeoppfølging', 'Kunduppföljning', 'Kundeopfølgning'),
      icon: 'handshake',
      colour: 'blue',
      points: 1,
      outcomes: [],
      fields: [],
      celebrate: false,
      bonus: null,
    },
  ],
};

// ---- points ---------------------------------------------------------------------------------------

/** What the member's day already holds of this type, read under the day's lock before the log. */
export type TypeDayContext = { countBefore: number; bonusTaken: boolean };

/**
 * The points one activity of a company's own type earns when logged: the type's, its outcome's,
 * each money field's points per whole currency unit (rounded down), and the daily bonus when this
 * one reaches the bonus's number for the day and no other of the type carries it (a snapshot, as
 * every activity's points are: decision 008).
 */
export function computeCustomActivityPoints(
  type: Pick<StoredActivityTypeDefinition, 'points' | 'outcomes' | 'fields' | 'bonus'>,
  outcomeId: string | null,
  values: Readonly<Record<string, number | boolean | string>>,
  day: TypeDayContext,
): { points: number; bonusPoints: number } {
  const outcome = type.outcomes.find((o) => o.id === outcomeId);
  let points = type.points + (outcome?.points ?? 0);
  for (const field of type.fields) {
    const value = values[field.id];
    if (field.kind === 'money' && typeof value === 'number' && field.pointsPerUnit)
      points += Math.floor((value / 100) * field.pointsPerUnit);
  }
  const bonusPoints = computeDailyBonus(type.bonus, day);
  return { points: points + bonusPoints, bonusPoints };
}

/**
 * The daily bonus a new activity of a type earns (decision 100; a built-in kind's, decision 115):
 * the bonus's points when it is the one that reaches the bonus's number for the member's day and no
 * other of the type carries it; else 0.
 */
export function computeDailyBonus(bonus: ActivityBonus | null | undefined, day: TypeDayContext): number {
  return bonus && !day.bonusTaken && day.countBefore + 1 >= bonus.threshold ? bonus.points : 0;
}

export { foldWord, kindOfBuiltInType, parseBuiltInKindWord, parseCallOutcomeName } from './kind-words';
