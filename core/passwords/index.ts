/*
 * What makes a password acceptable here (decision 018), without the estimator itself: the bounds,
 * the refusal reasons and their API codes, and the words of the person that make a password
 * guessable. The estimator (zxcvbn-ts and its dictionaries, about 1.5 MB) is in ./assess-password,
 * which the web loads only once a password field is used.
 */

/** At least 10 characters: with the strength check below, short passwords add nothing but risk. */
export const PASSWORD_MIN_LENGTH = 10;
/** Long passphrases are welcome; the cap only keeps hashing and estimating bounded. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * zxcvbn's score, 0 to 4: 3 means about 10^8 guesses or more ("safely unguessable" against an
 * online attack, and slowed to years offline by argon2id). 0-2 are refused.
 */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;
export const PASSWORD_MIN_SCORE: PasswordScore = 3;

/**
 * Why a password is refused: tooShort / tooLong (the bounds), common (a known password or an
 * everyday word, alone or with digits), personal (built from the person's own name, e-mail, the
 * company or the product), guessable (anything else with too few guesses: keyboard rows, dates,
 * repeats, sequences).
 */
export const PASSWORD_REFUSAL_REASONS = ['tooShort', 'tooLong', 'common', 'personal', 'guessable'] as const;
export type PasswordRefusalReason = (typeof PASSWORD_REFUSAL_REASONS)[number];

export type PasswordAssessment = { ok: true; score: PasswordScore } | { ok: false; reason: PasswordRefusalReason; score: PasswordScore };

/**
 * The `code` the server answers a refused new password with (sign-up, reset, change). The two
 * bounds keep better-auth's own codes, so the server says the same whichever check spoke first.
 */
export const PASSWORD_REFUSAL_CODES = {
  tooShort: 'PASSWORD_TOO_SHORT',
  tooLong: 'PASSWORD_TOO_LONG',
  common: 'PASSWORD_COMMON',
  personal: 'PASSWORD_PERSONAL',
  guessable: 'PASSWORD_GUESSABLE',
} as const satisfies Record<PasswordRefusalReason, string>;

/** The refusal reason behind a server code, or null when the code is not about the password's strength. */
export function findPasswordRefusalReason(code: string | null | undefined): PasswordRefusalReason | null {
  if (!code) return null;
  const entry = Object.entries(PASSWORD_REFUSAL_CODES).find(([, value]) => value === code);
  return entry ? (entry[0] as PasswordRefusalReason) : null;
}

/**
 * The person's own words, which an attacker who targets them tries first: the e-mail address and
 * its local part's pieces, the name and its words, the product's and the company's names.
 * zxcvbn ranks these as a tiny dictionary, so "kari.nordmann2024" scores as weak as "password2024".
 */
export function collectPasswordUserInputs(input: {
  email?: string | null;
  /** The account's name and display name. */
  names?: readonly (string | null | undefined)[];
  brand?: string | null;
  companyName?: string | null;
}): string[] {
  const words = new Set<string>();
  const add = (value: string | null | undefined) => {
    const text = value?.trim().toLowerCase();
    if (!text) return;
    words.add(text);
    // The pieces, and each two neighbours joined as people write them in passwords
    // ("kari", "nordmann", "karinordmann", "kari.nordmann", ...): zxcvbn adds a large penalty per
    // piece it has to combine, so "karinordmann2024" is weak only if the pair is one word here.
    const parts = text.split(/[\s._+\-@]+/).filter(Boolean);
    for (const part of parts) if (part.length >= 3) words.add(part);
    for (let i = 0; i + 1 < parts.length; i++) {
      for (const joiner of ['', '.', '-', '_']) words.add(`${parts[i]}${joiner}${parts[i + 1]}`);
    }
    if (parts.length > 2) words.add(parts.join(''));
  };
  const email = input.email?.trim().toLowerCase();
  if (email) {
    const at = email.lastIndexOf('@');
    add(at > 0 ? email.slice(0, at) : email);
    if (at > 0) add(email.slice(at + 1).split('.')[0]);
  }
  for (const name of input.names ?? []) add(name);
  add(input.brand);
  add(input.companyName);
  return [...words];
}
