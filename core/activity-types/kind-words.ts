import type { BuiltInActivityType, BuiltInKind } from '../contracts';
import type { CallOutcome } from '../kpi';
import { BUILT_IN_KPI_TYPE_SHAPES } from '../kpi-formulas';

/*
 * The words a person writes for a built-in kind (an imported file's type column, decision 044) and
 * which no company may give another kind by renaming it (decision 116): the app's names in its four
 * languages and their everyday variants.
 */

/** A cell or name as compared: trimmed, lower case, separators as single spaces ("E-post" is "e post"). */
export const foldWord = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_\-./()]+/g, ' ')
    .trim();

const KIND_WORDS: Record<string, BuiltInActivityType> = {
  call: 'call_answered',
  'call answered': 'call_answered',
  'answered call': 'call_answered',
  answered: 'call_answered',
  samtale: 'call_answered',
  'besvart samtale': 'call_answered',
  'samtale besvart': 'call_answered',
  besvart: 'call_answered',
  anrop: 'call_answered',
  'besvart anrop': 'call_answered',
  'call unanswered': 'call_unanswered',
  'unanswered call': 'call_unanswered',
  unanswered: 'call_unanswered',
  'no answer': 'call_unanswered',
  'ubesvart samtale': 'call_unanswered',
  'samtale ubesvart': 'call_unanswered',
  ubesvart: 'call_unanswered',
  'ubesvart anrop': 'call_unanswered',
  'ikke svar': 'call_unanswered',
  meeting: 'meeting',
  'meeting held': 'meeting',
  'held meeting': 'meeting',
  møte: 'meeting',
  'møte holdt': 'meeting',
  'holdt møte': 'meeting',
  sale: 'sale',
  salg: 'sale',
  email: 'email',
  'e mail': 'email',
  'e post': 'email',
  epost: 'email',
  linkedin: 'linkedin',
  samtal: 'call_answered',
  'besvarat samtal': 'call_answered',
  'obesvarat samtal': 'call_unanswered',
  opkald: 'call_answered',
  'besvaret opkald': 'call_answered',
  'ubesvaret opkald': 'call_unanswered',
  möte: 'meeting',
  'genomfört möte': 'meeting',
  møde: 'meeting',
  'afholdt møde': 'meeting',
  affär: 'sale',
  försäljning: 'sale',
  'call not answered': 'call_unanswered',
  'samtale ikke besvart': 'call_unanswered',
  'opkald besvaret': 'call_answered',
  'opkald ikke besvaret': 'call_unanswered',
  'linkedin touch': 'linkedin',
  'linkedin kontakt': 'linkedin',
};

/** The built-in kind a word names (a bare "call" is an answered one), or null. */
export function parseBuiltInKindWord(word: string): BuiltInActivityType | null {
  return KIND_WORDS[foldWord(word)] ?? null;
}

/** The kind a stored type is of: an answered and an unanswered call are both calls. */
export const kindOfBuiltInType = (type: BuiltInActivityType): BuiltInKind =>
  type === 'call_answered' || type === 'call_unanswered' ? 'call' : type;

/**
 * A call's outcome by the name the app gives it in any of its languages ("Not answered", "Møte
 * booket"), as a file the app exported writes it for a renamed call; null when none.
 */
export function parseCallOutcomeName(cell: string): CallOutcome | 'not_answered' | null {
  const wanted = foldWord(cell);
  const outcome = BUILT_IN_KPI_TYPE_SHAPES.call.outcomes.find((o) =>
    Object.values(o.names).some((name) => foldWord(name ?? '') === wanted),
  );
  return (outcome?.id as CallOutcome | 'not_answered' | undefined) ?? null;
}
