import { parseBuiltInKindWord, parseCallOutcomeName } from '@core/activity-types';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from './index';

/*
 * Every word the app's screens give a built-in kind, in every language, is one an imported file may
 * use and one no company may give another kind (decision 116, core's parseBuiltInKindWord): read
 * from the app's own catalogues, so a new or changed word cannot slip past the rule.
 */

const files = import.meta.glob<Record<string, Record<string, unknown>>>(['./locales/*/activity.json', './locales/*/settings.json'], {
  eager: true,
  import: 'default',
});
const catalog = (language: string, namespace: string) => files[`./locales/${language}/${namespace}.json`]!;

describe('the built-in kinds’ words', () => {
  it.each(SUPPORTED_LANGUAGES)('reads every screen word for a kind in %s as that kind', (language) => {
    const activity = catalog(language, 'activity');
    const admin = (catalog(language, 'settings').activityTypes as Record<string, Record<string, string>>).builtInKinds!;
    const quickLog = activity.quickLog as Record<string, string>;
    const kinds = activity.kinds as Record<string, string>;
    const phone = activity.quickLogPage as Record<string, string>;
    const words: [string, string][] = [
      [admin.call!, 'call_answered'],
      [quickLog.call!, 'call_answered'],
      [kinds.call_answered!, 'call_answered'],
      [phone.answered!, 'call_answered'],
      [kinds.call_unanswered!, 'call_unanswered'],
      [phone.notAnswered!, 'call_unanswered'],
      [phone.sale!, 'sale'],
      ...(['meeting', 'sale', 'email', 'linkedin'] as const).flatMap((kind): [string, string][] => [
        [admin[kind]!, kind],
        [quickLog[kind]!, kind],
        [kinds[kind]!, kind],
      ]),
    ];
    expect(words.filter(([word, kind]) => parseBuiltInKindWord(word) !== kind)).toEqual([]);
  });

  it('reads a call’s outcome by the app’s name for it in any language', () => {
    expect(['Not answered', 'ikke besvart', 'Inte besvarat', 'Møde booket'].map(parseCallOutcomeName)).toEqual([
      'not_answered',
      'not_answered',
      'not_answered',
      'meeting_booked',
    ]);
    expect(parseCallOutcomeName('Lunch')).toBeNull();
  });
});
