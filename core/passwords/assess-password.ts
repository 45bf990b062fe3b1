import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE, type PasswordAssessment, type PasswordRefusalReason } from './index';
import { NORWEGIAN_COMMON_WORDS } from './norwegian-words';

/*
 * The password estimator: zxcvbn-ts with its common-password list (passwords-common), English
 * words and names, keyboard layouts, and our Norwegian list. This module carries the dictionaries
 * (about 1.5 MB): the server imports it, the web loads it on demand (web/lib/passwords.ts).
 */

const NORWEGIAN_DICTIONARY = 'common-nb';

/**
 * Limits measured on this machine (2 cores): a hostile 128-character password took up to 0.7 s
 * with the defaults, mostly in l33t substitutions and date matching. Estimating the first 64
 * characters with at most 10 substitutions keeps the worst case near 0.1 s and ordinary
 * passwords at a few milliseconds; a password whose first 64 characters are strong is strong.
 * Levenshtein matching is off: it made every check cost about 0.4 s.
 */
const ESTIMATED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 10;

let estimator: ZxcvbnFactory | null = null;
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary, [NORWEGIAN_DICTIONARY]: NORWEGIAN_COMMON_WORDS },
    graphs: adjacencyGraphs,
    maxLength: ESTIMATED_LENGTH,
    l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  });
  return estimator;
}

const COMMON_WARNINGS = new Set(['topTen', 'topHundred', 'common', 'similarToCommon']);
const COMMON_DICTIONARIES = new Set(['passwords-common', NORWEGIAN_DICTIONARY]);

/**
 * The dictionaries a password's parts were found in. A repeat ("passwordpassword") keeps only its
 * base token, so that token is looked up again.
 */
function findDictionaries(result: ZxcvbnResult, userInputs: string[]): string[] {
  return result.sequence.flatMap((match) => {
    if (match.pattern === 'dictionary' && 'dictionaryName' in match && typeof match.dictionaryName === 'string')
      return [match.dictionaryName];
    if (match.pattern === 'repeat' && 'baseToken' in match && typeof match.baseToken === 'string' && match.baseToken.length > 1) {
      return findDictionaries(getEstimator().check(match.baseToken, userInputs), userInputs);
    }
    return [];
  });
}

/** Which reason best tells a person what to change, for a password zxcvbn scored too low. */
function explainWeakness(result: ZxcvbnResult, userInputs: string[]): PasswordRefusalReason {
  const dictionaries = findDictionaries(result, userInputs);
  if (dictionaries.includes('userInputs')) return 'personal';
  if (COMMON_WARNINGS.has(result.feedback.warning ?? '') || dictionaries.some((name) => COMMON_DICTIONARIES.has(name))) return 'common';
  return 'guessable';
}

/**
 * Whether a new password is acceptable: 10 to 128 characters and a zxcvbn score of at least 3,
 * counting the person's own words (`userInputs`, see collectPasswordUserInputs) as known to an
 * attacker. The score is reported for every password of a usable length, for a strength hint.
 */
export function assessPassword(password: string, userInputs: readonly string[] = []): PasswordAssessment {
  if (password.length > PASSWORD_MAX_LENGTH) return { ok: false, reason: 'tooLong', score: 0 };
  if (password.length === 0) return { ok: false, reason: 'tooShort', score: 0 };
  const inputs = [...userInputs];
  const result = getEstimator().check(password, inputs);
  const score = result.score;
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, reason: 'tooShort', score };
  if (score >= PASSWORD_MIN_SCORE) return { ok: true, score };
  return { ok: false, reason: explainWeakness(result, inputs), score };
}
