import type { Language } from '../common';

/*
 * The contracts' refusals in the reader's language (decision 083). The contracts write their own
 * messages in English ("Enter your name"); each other language has a table from that English text
 * to its own (messages/{nb,sv,da}.json; messages.test.ts fails when one lacks a message). What zod
 * says by itself (a string too long, a number expected) is worded here per language, from the
 * issue's facts, so no refusal reaches a Norwegian, Swedish or Danish reader in English.
 *
 * The server reads the tables at start and answers in the request's language; the app loads the
 * table of the language on the screen only.
 */

/** English text of a contract message -> the language's text. */
export type MessageTable = Readonly<Record<string, string>>;

/** A contract's own message in the table's language, or the English when the table lacks it (or for English). */
export function translateContractMessage(message: string, table: MessageTable | null | undefined): string {
  return table?.[message] ?? message;
}

/** What a zod issue says about itself (the finalized issue's fields this wording reads). */
export type IssueFacts = {
  code: string;
  origin?: string;
  expected?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  values?: readonly unknown[];
  divisor?: number | bigint;
  keys?: readonly string[];
  /** The value refused: present while zod words the issue (its error map), gone from the finished issue. */
  input?: unknown;
};

type Wording = {
  required: string;
  atMostChars: (n: string) => string;
  atLeastChars: (n: string) => string;
  atMost: (n: string) => string;
  lessThan: (n: string) => string;
  atLeast: (n: string) => string;
  moreThan: (n: string) => string;
  atMostItems: (n: string) => string;
  atLeastItems: (n: string) => string;
  chooseOne: string;
  type: Record<'string' | 'number' | 'boolean' | 'array' | 'object' | 'date', string>;
  oneOf: (values: string) => string;
  email: string;
  url: string;
  id: string;
  format: string;
  multipleOf: (n: string) => string;
  unknownFields: (keys: string) => string;
  invalid: string;
};

const WORDING: Record<Language, Wording> = {
  en: {
    required: 'Required',
    atMostChars: (n) => `At most ${n} characters`,
    atLeastChars: (n) => `At least ${n} characters`,
    atMost: (n) => `At most ${n}`,
    lessThan: (n) => `Less than ${n}`,
    atLeast: (n) => `At least ${n}`,
    moreThan: (n) => `More than ${n}`,
    atMostItems: (n) => `At most ${n} items`,
    atLeastItems: (n) => `At least ${n} items`,
    chooseOne: 'Choose at least one',
    type: {
      string: 'Must be text',
      number: 'Must be a number',
      boolean: 'Must be true or false',
      array: 'Must be a list',
      object: 'Must be an object',
      date: 'Must be a date',
    },
    oneOf: (values) => `Must be one of: ${values}`,
    email: 'Enter a valid e-mail address',
    url: 'Enter a valid address (URL)',
    id: 'Must be an id (UUID)',
    format: 'Has the wrong format',
    multipleOf: (n) => `Must be a multiple of ${n}`,
    unknownFields: (keys) => `Unknown field: ${keys}`,
    invalid: 'Not a valid value',
  },
  nb: {
    required: 'Må fylles ut',
    atMostChars: (n) => `Maks ${n} tegn`,
    atLeastChars: (n) => `Minst ${n} tegn`,
    atMost: (n) => `Maks ${n}`,
    lessThan: (n) => `Mindre enn ${n}`,
    atLeast: (n) => `Minst ${n}`,
    moreThan: (n) => `Mer enn ${n}`,
    atMostItems: (n) => `Maks ${n} valg`,
    atLeastItems: (n) => `Minst ${n} valg`,
    chooseOne: 'Velg minst ett',
    type: {
      string: 'Må være tekst',
      number: 'Må være et tall',
      boolean: 'Må være true eller false',
      array: 'Må være en liste',
      object: 'Må være et objekt',
      date: 'Må være en dato',
    },
    oneOf: (values) => `Må være en av: ${values}`,
    email: 'Skriv inn en gyldig e-postadresse',
    url: 'Skriv inn en gyldig adresse (URL)',
    id: 'Må være en id (UUID)',
    format: 'Har feil format',
    multipleOf: (n) => `Må være et multiplum av ${n}`,
    unknownFields: (keys) => `Ukjent felt: ${keys}`,
    invalid: 'Ikke en gyldig verdi',
  },
  sv: {
    required: 'Måste fyllas i',
    atMostChars: (n) => `Högst ${n} tecken`,
    atLeastChars: (n) => `Minst ${n} tecken`,
    atMost: (n) => `Högst ${n}`,
    lessThan: (n) => `Mindre än ${n}`,
    atLeast: (n) => `Minst ${n}`,
    moreThan: (n) => `Mer än ${n}`,
    atMostItems: (n) => `Högst ${n} val`,
    atLeastItems: (n) => `Minst ${n} val`,
    chooseOne: 'Välj minst ett',
    type: {
      string: 'Måste vara text',
      number: 'Måste vara ett tal',
      boolean: 'Måste vara true eller false',
      array: 'Måste vara en lista',
      object: 'Måste vara ett objekt',
      date: 'Måste vara ett datum',
    },
    oneOf: (values) => `Måste vara något av: ${values}`,
    email: 'Ange en giltig e-postadress',
    url: 'Ange en giltig adress (URL)',
    id: 'Måste vara ett id (UUID)',
    format: 'Har fel format',
    multipleOf: (n) => `Måste vara en multipel av ${n}`,
    unknownFields: (keys) => `Okänt fält: ${keys}`,
    invalid: 'Inte ett giltigt värde',
  },
  da: {
    required: 'Skal udfyldes',
    atMostChars: (n) => `Højst ${n} tegn`,
    atLeastChars: (n) => `Mindst ${n} tegn`,
    atMost: (n) => `Højst ${n}`,
    lessThan: (n) => `Mindre end ${n}`,
    atLeast: (n) => `Mindst ${n}`,
    moreThan: (n) => `Mere end ${n}`,
    atMostItems: (n) => `Højst ${n} valg`,
    atLeastItems: (n) => `Mindst ${n} valg`,
    chooseOne: 'Vælg mindst ét',
    type: {
      string: 'Skal være tekst',
      number: 'Skal være et tal',
      boolean: 'Skal være true eller false',
      array: 'Skal være en liste',
      object: 'Skal være et objekt',
      date: 'Skal være en dato',
    },
    oneOf: (values) => `Skal være en af: ${values}`,
    email: 'Angiv en gyldig e-mailadresse',
    url: 'Angiv en gyldig adresse (URL)',
    id: 'Skal være et id (UUID)',
    format: 'Har forkert format',
    multipleOf: (n) => `Skal gå op i ${n}`,
    unknownFields: (keys) => `Ukendt felt: ${keys}`,
    invalid: 'Ikke en gyldig værdi',
  },
};

const TYPE_OF: Record<string, keyof Wording['type']> = {
  string: 'string',
  number: 'number',
  int: 'number',
  bigint: 'number',
  boolean: 'boolean',
  array: 'array',
  tuple: 'array',
  set: 'array',
  object: 'object',
  record: 'object',
  map: 'object',
  date: 'date',
};

/**
 * zod's own refusal, worded in the language from the issue's facts: "At most 100 characters",
 * "Maks 100 tegn". Used as zod's error map (server and app) and to re-word an English default.
 */
export function describeIssue(issue: IssueFacts, language: Language): string {
  const w = WORDING[language];
  const n = (value: number | bigint | undefined) => String(value ?? '');
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'string') return w.atMostChars(n(issue.maximum));
      if (issue.origin === 'array' || issue.origin === 'set') return w.atMostItems(n(issue.maximum));
      return issue.inclusive === false ? w.lessThan(n(issue.maximum)) : w.atMost(n(issue.maximum));
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? w.required : w.atLeastChars(n(issue.minimum));
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(issue.minimum) <= 1 ? w.chooseOne : w.atLeastItems(n(issue.minimum));
      return issue.inclusive === false ? w.moreThan(n(issue.minimum)) : w.atLeast(n(issue.minimum));
    case 'invalid_type': {
      // Nothing given at all ('input' is there but undefined while zod words it): the field is required.
      if ('input' in issue && issue.input === undefined) return w.required;
      const type = TYPE_OF[issue.expected ?? ''];
      return type ? w.type[type] : w.invalid;
    }
    case 'invalid_value':
      return w.oneOf((issue.values ?? []).map((value) => String(value)).join(', '));
    case 'invalid_format':
      if (issue.format === 'email') return w.email;
      if (issue.format === 'url') return w.url;
      if (issue.format === 'uuid' || issue.format === 'guid') return w.id;
      return w.format;
    case 'not_multiple_of':
      return w.multipleOf(n(issue.divisor));
    case 'unrecognized_keys':
      return w.unknownFields((issue.keys ?? []).join(', '));
    default:
      return w.invalid;
  }
}

/**
 * A finished refusal's message in the language: a contract's own message from the table, zod's own
 * (describeIssue's English, the error map's) worded again in the language.
 */
export function localizeIssueMessage(issue: IssueFacts & { message: string }, language: Language, table: MessageTable | null): string {
  if (language === 'en') return issue.message;
  const { input: _input, ...finished } = issue;
  if (issue.message === describeIssue(finished, 'en')) return describeIssue(finished, language);
  if (issue.code === 'invalid_type' && issue.message === WORDING.en.required) return WORDING[language].required;
  return translateContractMessage(issue.message, table);
}
