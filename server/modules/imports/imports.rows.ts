import {
  ACTIVITY_IMPORT_FIELDS,
  ACTIVITY_NOTES_MAX,
  CUSTOMER_DOMAIN_MAX,
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_NAME_MAX,
  CUSTOMER_SEGMENT_MAX,
  IMPORT_MAX_PAST_DAYS,
  type ImportField,
  type ImportIssue,
  type ImportKind,
  type ImportMapping,
  type ActivityFieldValues,
  type ActivityType,
  checkActivityValues,
  ACTIVITY_VALUE_MESSAGES,
  type ImportFieldMapping,
  importFieldKey,
  PRODUCT_NAME_MAX,
  type BuiltInActivityType,
  TICKET_SIZE_MAX,
  type BuiltInKind,
  type LocalizedNames,
} from '@core/contracts';
import { foldWord, parseBuiltInKindWord, parseCallOutcomeName } from '@core/activity-types';
import type { CallOutcome, LoggableKind } from '@core/kpi';
import { parseMoneyInput } from '@core/money';
import { addDays, isLocalDate, type LocalDate } from '@core/period';

/*
 * The import's row checks, pure: which of our fields a header names (in the four languages the app speaks), and
 * what a row's cells mean, or why they cannot be imported. Nothing here reads the database; the
 * service hands in the company's members, its enabled kinds and its today.
 */

/** A header or a cell as compared: lower case, accents kept (å, ø, æ matter), spaces and punctuation folded. */
const fold = foldWord;

const HEADER_NAMES: Record<ImportField, readonly string[]> = {
  date: [
    'date',
    'day',
    'dato',
    'dag',
    'date time',
    'datetime',
    'dato tid',
    'tidspunkt',
    'when',
    'når',
    'logged at',
    'time stamp',
    'timestamp',
    'datum',
    'datum och tid',
    'dato og tid',
    'date and time',
  ],
  time: ['time', 'tid', 'klokkeslett', 'kl', 'klockslag', 'klokkeslæt'],
  email: [
    'email',
    'e mail',
    'e post',
    'epost',
    'member',
    'member email',
    'rep',
    'rep email',
    'medlem',
    'selger',
    'selger e post',
    'user',
    'bruker',
    'användare',
    'säljare',
    'bruger',
    'sælger',
  ],
  type: ['type', 'activity', 'activity type', 'kind', 'aktivitet', 'aktivitetstype', 'art', 'typ', 'aktivitetstyp'],
  outcome: ['outcome', 'result', 'resultat', 'utfall', 'udfald'],
  customer: ['customer', 'customer name', 'company', 'kunde', 'kundenavn', 'firma', 'bedrift', 'kund', 'kundnamn', 'företag', 'virksomhed'],
  value: ['value', 'amount', 'sale value', 'ticket size', 'verdi', 'beløp', 'salgsverdi', 'sum', 'värde', 'belopp', 'værdi', 'beløb'],
  product: ['product', 'product name', 'service', 'produkt', 'tjeneste', 'produktnavn', 'tjänst'],
  notes: [
    'notes',
    'note',
    'comment',
    'comments',
    'notat',
    'notater',
    'kommentar',
    'merknad',
    'anteckningar',
    'anteckning',
    'noter',
    'kommentarer',
  ],
  name: ['name', 'customer', 'customer name', 'company', 'navn', 'kunde', 'kundenavn', 'firma', 'bedrift'],
  domain: ['domain', 'website', 'web', 'domene', 'nettside', 'url'],
  segment: ['segment', 'category', 'kategori', 'type'],
};

const fieldsOf = (kind: ImportKind): readonly ImportField[] => (kind === 'activities' ? ACTIVITY_IMPORT_FIELDS : CUSTOMER_IMPORT_FIELDS);

/** The mapping the headers suggest: each field the first column whose header names it, each column used once. */
export function proposeImportMapping(kind: ImportKind, columns: readonly string[]): ImportMapping {
  const folded = columns.map(fold);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  for (const field of fieldsOf(kind)) {
    const index = folded.findIndex((header, i) => !used.has(i) && HEADER_NAMES[field].includes(header));
    mapping[field] = index === -1 ? null : index;
    if (index !== -1) used.add(index);
  }
  return mapping;
}

/**
 * The own types' fields the headers suggest (decision 100): each field of each live type the first
 * column whose header is one of the field's names, in any language. A column may also feed one of
 * our fields: a "Value" column holds a sale's value on a sale's row and the field's on a row of the
 * type, so a file of both needs one column.
 */
export function proposeFieldMapping(types: readonly ImportType[], columns: readonly string[]): ImportFieldMapping {
  const folded = columns.map(fold);
  const fields: ImportFieldMapping = {};
  for (const type of types) {
    for (const field of type.fields) {
      if (field.archived) continue;
      const names = new Set(Object.values(field.names).map((name) => fold(name ?? '')));
      const index = folded.findIndex((header) => names.has(header));
      fields[importFieldKey(type.id, field.id)] = index === -1 ? null : index;
    }
  }
  return fields;
}

/** Only the live types' live fields, and only columns the file has. */
export function cleanFieldMapping(types: readonly ImportType[], fields: ImportFieldMapping, columnCount: number): ImportFieldMapping {
  const clean: ImportFieldMapping = {};
  for (const type of types) {
    for (const field of type.fields) {
      if (field.archived) continue;
      const key = importFieldKey(type.id, field.id);
      const index = fields[key];
      clean[key] = index !== undefined && index !== null && index < columnCount ? index : null;
    }
  }
  return clean;
}

/** Only the kind's own fields, and only columns the file has. */
export function cleanImportMapping(kind: ImportKind, mapping: ImportMapping, columnCount: number): ImportMapping {
  const clean: ImportMapping = {};
  for (const field of fieldsOf(kind)) {
    const index = mapping[field];
    clean[field] = index !== undefined && index !== null && index < columnCount ? index : null;
  }
  return clean;
}

const OUTCOME_NAMES: Record<string, CallOutcome> = {
  'no progress': 'no_progress',
  none: 'no_progress',
  'ingen fremgang': 'no_progress',
  ingen: 'no_progress',
  'moved forward': 'moved_forward',
  forward: 'moved_forward',
  'flyttet fremover': 'moved_forward',
  'kom videre': 'moved_forward',
  videre: 'moved_forward',
  'meeting booked': 'meeting_booked',
  'booked meeting': 'meeting_booked',
  booked: 'meeting_booked',
  'møte booket': 'meeting_booked',
  'booket møte': 'meeting_booked',
  booket: 'meeting_booked',
};

export const parseCallOutcome = (cell: string): CallOutcome | null => OUTCOME_NAMES[fold(cell)] ?? null;

type DateTime = { date: string; seconds: number | null };

/** 14:05, 14.05, 14:05:30 (and 9:05) to seconds after midnight; null when not a time. */
export function parseImportTime(cell: string): number | null {
  const match = /^(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?$/.exec(cell.trim());
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return null;
  return h * 3600 + m * 60 + s;
}

/**
 * A date, perhaps with a time: 2026-11-24, 24.11.2026 (Norwegian), 24/11/2026 (day first, as in
 * Norway and Britain), each optionally followed by a time (or ISO's T). Null when not one.
 */
export function parseImportDate(cell: string): DateTime | null {
  const match = /^(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})[./](\d{1,2})[./](\d{4}))(?:[ T](.+))?$/.exec(cell.trim());
  if (!match) return null;
  const [year, month, day] = match[1] ? [match[1], match[2]!, match[3]!] : [match[6]!, match[5]!, match[4]!];
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  if (!isLocalDate(date)) return null;
  if (match[7] === undefined) return { date, seconds: null };
  const seconds = parseImportTime(match[7].replace(/(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/, ''));
  return seconds === null ? null : { date, seconds };
}

/** A company's own type as an import reads it: its names, outcomes and fields (live ones only are offered). */
export type ImportType = Pick<ActivityType, 'id' | 'names' | 'outcomes' | 'fields' | 'points' | 'bonus'>;

/** A yes or no in a cell, in English, Norwegian, Swedish or Danish. */
const YES = new Set(['yes', 'y', 'ja', 'j', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'nei', 'nej', 'false', '0']);

/**
 * A number as a spreadsheet writes it, by the rules an amount is read with (parseMoneyInput):
 * "12 500", "12.500" and "12,500" are twelve thousand five hundred (a point or comma before
 * groups of three), "12,5" and "12.5" twelve and a half; null when it is not one.
 */
export function readImportNumber(cell: string): number | null {
  const text = cell.replace(/[\s\u00a0\u202f]/g, '');
  let plain: string;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) plain = text.replace(/\./g, '').replace(',', '.');
  else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) plain = text.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(text)) plain = text.replace(',', '.');
  else if (/^-?\d+(\.\d+)?$/.test(text)) plain = text;
  else return null;
  const number = Number(plain);
  return Number.isFinite(number) ? number : null;
}

/** An amount of a money field in minor units: as a sale's value is read, and 0 too (a field may hold nothing owed). */
export function readImportAmount(cell: string): number | null {
  if (/^0+([.,]0+)?$/.test(cell.replace(/[\s\u00a0\u202f]/g, '').replace(/^(kr\.?|nok|sek|dkk)|(kr\.?|nok|sek|dkk|,-)$/gi, ''))) return 0;
  return parseMoneyInput(cell);
}

/**
 * A cell as a value of an own type's field, as checkActivityValues takes it: a number, an amount
 * in minor units, a choice by one of its option's names, yes or no, a date; the text itself when it
 * is none of them (checkActivityValues then says what is wrong).
 */
function readFieldCell(field: ImportType['fields'][number], cell: string): unknown {
  switch (field.kind) {
    case 'number':
      return readImportNumber(cell) ?? cell;
    case 'money':
      return readImportAmount(cell) ?? cell;
    case 'choice': {
      const wanted = fold(cell);
      const option = field.options.find(
        (o) => !o.archived && (fold(o.id) === wanted || Object.values(o.names).some((n) => fold(n ?? '') === wanted)),
      );
      return option?.id ?? cell;
    }
    case 'yes_no': {
      const word = fold(cell);
      return YES.has(word) ? true : NO.has(word) ? false : cell;
    }
    case 'date':
      return parseImportDate(cell)?.date ?? cell;
    default:
      return cell;
  }
}

/** A built-in kind the company renamed, by one of its names (a renamed call is an answered one, as "call" is). */
function findRenamedKind(kinds: ActivityRowContext['renamedKinds'], cell: string): BuiltInActivityType | null {
  const wanted = fold(cell);
  const kind = kinds?.find((entry) => Object.values(entry.names).some((name) => fold(name ?? '') === wanted))?.key;
  return kind === undefined ? null : kind === 'call' ? 'call_answered' : kind;
}

/** The live own type a cell names (any of its names, in any language), or null. */
function findOwnType(types: readonly ImportType[], cell: string): ImportType | null {
  const wanted = fold(cell);
  return types.find((type) => Object.values(type.names).some((name) => fold(name ?? '') === wanted)) ?? null;
}

/** One activity row, checked: what it stores, with the member's id. */
export type ActivityImportRow = {
  userId: string;
  localDate: LocalDate;
  /** Seconds after the local midnight; noon when the file gives no time. */
  seconds: number;
  /** A built-in kind, or 'custom': a company's own type (typeId, its outcome and field values). */
  type: BuiltInActivityType | 'custom';
  outcome: CallOutcome | null;
  own: { type: ImportType; outcomeId: string | null; values: ActivityFieldValues } | null;
  customerName: string | null;
  /** Minor units, sales only. */
  ticketSize: number | null;
  productName: string | null;
  notes: string | null;
};

export type ActivityRowContext = {
  /** Active members by lower-cased e-mail address. */
  membersByEmail: ReadonlyMap<string, string>;
  enabledKinds: Readonly<Record<LoggableKind, boolean>>;
  today: LocalDate;
  /** The company's live own types (decision 100), and which columns feed their fields. */
  ownTypes: readonly ImportType[];
  fields: ImportFieldMapping;
  /** The built-in kinds the company renamed (decision 116): a cell may name one by the company's names. */
  renamedKinds?: readonly { key: BuiltInKind; names: LocalizedNames }[];
};

const NOON = 12 * 3600;

const KIND_WORDS: Record<'meeting' | 'email' | 'linkedin', string> = { meeting: 'Held-meeting', email: 'E-mail', linkedin: 'LinkedIn' };

const cellOf = (cells: readonly string[], mapping: ImportMapping, field: ImportField): string => {
  const index = mapping[field];
  return index === undefined || index === null ? '' : (cells[index] ?? '').trim();
};

const orNull = (value: string) => (value === '' ? null : value);

/** Checks one activity row: the row to store, or every reason it cannot be. */
export function checkActivityRow(
  cells: readonly string[],
  mapping: ImportMapping,
  context: ActivityRowContext,
): { row: ActivityImportRow | null; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const issue = (field: ImportField, code: ImportIssue['code'], message: string, typeField?: string) =>
    issues.push({ field, code, message, ...(typeField ? { typeField } : {}) });
  const get = (field: ImportField) => cellOf(cells, mapping, field);

  const email = get('email').toLowerCase();
  const userId = email === '' ? undefined : context.membersByEmail.get(email);
  if (email === '') issue('email', 'required', "The member's e-mail address is missing");
  else if (userId === undefined) issue('email', 'unknown_member', `No active member of the company has the e-mail address ${email}`);

  let localDate: LocalDate | null = null;
  let seconds = NOON;
  const dateCell = get('date');
  const parsedDate = dateCell === '' ? null : parseImportDate(dateCell);
  if (dateCell === '') issue('date', 'required', 'The date is missing');
  else if (parsedDate === null) issue('date', 'bad_date', `Not a date: ${dateCell} (use 2026-11-24 or 24.11.2026)`);
  else if (parsedDate.date > context.today) issue('date', 'date_in_future', `${parsedDate.date} is in the future`);
  else if (parsedDate.date < addDays(context.today, -IMPORT_MAX_PAST_DAYS)) {
    issue('date', 'date_too_old', `${parsedDate.date} is more than ${IMPORT_MAX_PAST_DAYS} days ago`);
  } else {
    localDate = parsedDate.date as LocalDate;
    if (parsedDate.seconds !== null) seconds = parsedDate.seconds;
  }
  const timeCell = get('time');
  if (timeCell !== '') {
    const time = parseImportTime(timeCell);
    if (time === null) issue('time', 'bad_time', `Not a time of day: ${timeCell} (use 14:05)`);
    else seconds = time;
  }

  const typeCell = get('type');
  const outcomeCell = get('outcome');
  let type: ActivityImportRow['type'] | null =
    typeCell === '' ? null : (parseBuiltInKindWord(typeCell) ?? findRenamedKind(context.renamedKinds, typeCell));
  let outcome: CallOutcome | null = null;
  // A company's own type by one of its names, when the cell names no built-in kind (decision 100).
  const ownType = typeCell !== '' && type === null ? findOwnType(context.ownTypes, typeCell) : null;
  let own: ActivityImportRow['own'] = null;
  if (ownType) {
    type = 'custom';
    own = checkOwnTypeCells(ownType, outcomeCell, cells, context.fields, issue);
  }
  if (typeCell === '') issue('type', 'required', 'The activity type is missing');
  else if (type === null) issue('type', 'unknown_type', `Unknown activity type: ${typeCell}`);
  else if ((type === 'meeting' || type === 'email' || type === 'linkedin') && !context.enabledKinds[type]) {
    issue('type', 'kind_disabled', `${KIND_WORDS[type]} logging is turned off for the company`);
    type = null;
  }
  // A call's outcome by the app's words, or by the names the activities' file writes ("Not answered"
  // beside a renamed call, decision 116: such a call is an unanswered one).
  const outcomeName =
    outcomeCell !== '' && (type === 'call_answered' || type === 'call_unanswered') ? parseCallOutcomeName(outcomeCell) : null;
  if (outcomeName === 'not_answered') type = 'call_unanswered';
  else if (outcomeCell !== '' && type !== 'custom') {
    outcome = parseCallOutcome(outcomeCell) ?? outcomeName;
    if (outcome === null) issue('outcome', 'unknown_outcome', `Unknown outcome: ${outcomeCell}`);
    else if (type !== null && type !== 'call_answered') issue('outcome', 'outcome_not_allowed', 'Only an answered call has an outcome');
  }

  const valueCell = get('value');
  let ticketSize: number | null = null;
  if (type === 'sale') {
    ticketSize = valueCell === '' ? null : parseMoneyInput(valueCell);
    if (valueCell === '') issue('value', 'required', 'A sale needs a value');
    else if (ticketSize === null || ticketSize > TICKET_SIZE_MAX) {
      issue('value', 'bad_value', `Not a sale value: ${valueCell}`);
      ticketSize = null;
    }
  } else if (valueCell !== '' && type !== null && type !== 'custom') {
    // An own type's row may share the value column with sales: its fields are read from their own columns.
    issue('value', 'bad_value', 'Only a sale has a value');
  }

  const customerName = orNull(get('customer'));
  const productName = orNull(get('product'));
  const notes = orNull(get('notes'));
  if (customerName !== null && customerName.length > CUSTOMER_NAME_MAX) {
    issue('customer', 'too_long', `The customer name can be at most ${CUSTOMER_NAME_MAX} characters`);
  }
  if (productName !== null && productName.length > PRODUCT_NAME_MAX) {
    issue('product', 'too_long', `The product can be at most ${PRODUCT_NAME_MAX} characters`);
  }
  if (notes !== null && notes.length > ACTIVITY_NOTES_MAX)
    issue('notes', 'too_long', `Notes can be at most ${ACTIVITY_NOTES_MAX} characters`);

  if (issues.length > 0 || userId === undefined || localDate === null || type === null) return { row: null, issues };
  return {
    row: {
      userId,
      localDate,
      seconds,
      type,
      outcome: type === 'call_answered' ? (outcome ?? 'no_progress') : null,
      customerName,
      ticketSize,
      productName: type === 'sale' ? productName : null,
      notes,
      own,
    },
    issues,
  };
}

/**
 * An own type's outcome and field cells against the type, as logging checks them
 * (checkActivityValues): an outcome by one of its names, each field from its mapped column.
 */
function checkOwnTypeCells(
  type: ImportType,
  outcomeCell: string,
  cells: readonly string[],
  fields: ImportFieldMapping,
  issue: (field: ImportField, code: ImportIssue['code'], message: string, typeField?: string) => void,
): ActivityImportRow['own'] {
  const wanted = fold(outcomeCell);
  const outcome =
    outcomeCell === ''
      ? null
      : (type.outcomes.find(
          (o) => !o.archived && (fold(o.id) === wanted || Object.values(o.names).some((n) => fold(n ?? '') === wanted)),
        ) ?? null);
  const given: Record<string, unknown> = {};
  for (const field of type.fields) {
    if (field.archived) continue;
    const index = fields[importFieldKey(type.id, field.id)];
    const cell = index === undefined || index === null ? '' : (cells[index] ?? '').trim();
    if (cell !== '') given[field.id] = readFieldCell(field, cell);
  }
  const checked = checkActivityValues(type, { outcome: outcome?.id ?? (outcomeCell === '' ? null : outcomeCell), fields: given });
  const typeName = Object.values(type.names).find(Boolean) ?? '';
  if (checked.errors.outcome) {
    if (outcomeCell === '' && type.outcomes.some((o) => !o.archived)) issue('outcome', 'required', `A ${typeName} needs an outcome`);
    else if (type.outcomes.every((o) => o.archived)) issue('outcome', 'no_outcomes', `A ${typeName} has no outcome`);
    else issue('outcome', 'unknown_outcome', `Unknown outcome of ${typeName}: ${outcomeCell}`);
  }
  for (const field of type.fields) {
    const error = checked.errors[`fields.${field.id}`];
    if (!error) continue;
    const name = Object.values(field.names).find(Boolean) ?? field.id;
    const key = importFieldKey(type.id, field.id);
    if (error === ACTIVITY_VALUE_MESSAGES.required) issue('value', 'required', `${name} is missing`, key);
    else issue('value', 'bad_field', `${name}: ${error}`, key);
  }
  return Object.keys(checked.errors).length > 0 ? null : { type, outcomeId: checked.outcomeId, values: checked.values };
}

export type CustomerImportRow = { name: string; domain: string | null; segment: string | null };

/**
 * Checks one customer row. `seen` collects the file's names so far (lower case) to report a name
 * twice in the file; `existing` the company's customers' names (lower case).
 */
export function checkCustomerRow(
  cells: readonly string[],
  mapping: ImportMapping,
  names: { seen: Set<string>; existing: ReadonlySet<string> },
): { row: CustomerImportRow | null; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const issue = (field: ImportField, code: ImportIssue['code'], message: string) => issues.push({ field, code, message });
  const name = cellOf(cells, mapping, 'name');
  const domain = orNull(cellOf(cells, mapping, 'domain'));
  const segment = orNull(cellOf(cells, mapping, 'segment'));
  const key = name.toLowerCase();
  if (name === '') issue('name', 'required', "The customer's name is missing");
  else if (name.length > CUSTOMER_NAME_MAX) issue('name', 'too_long', `The name can be at most ${CUSTOMER_NAME_MAX} characters`);
  else if (names.existing.has(key)) issue('name', 'already_exists', `A customer named ${name} already exists`);
  else if (names.seen.has(key)) issue('name', 'duplicate_in_file', `${name} is in the file more than once`);
  if (name !== '') names.seen.add(key);
  if (domain !== null && domain.length > CUSTOMER_DOMAIN_MAX)
    issue('domain', 'too_long', `The domain can be at most ${CUSTOMER_DOMAIN_MAX} characters`);
  if (segment !== null && segment.length > CUSTOMER_SEGMENT_MAX) {
    issue('segment', 'too_long', `The segment can be at most ${CUSTOMER_SEGMENT_MAX} characters`);
  }
  return issues.length > 0 ? { row: null, issues } : { row: { name, domain, segment }, issues };
}
