import { type Language, LANGUAGES, UI_LANGUAGE_HEADER } from '@core/contracts';
import { describeIssue, type MessageTable } from '@core/contracts/messages';
import da from '@core/contracts/messages/da.json';
import nb from '@core/contracts/messages/nb.json';
import sv from '@core/contracts/messages/sv.json';
import { negotiateLanguage } from '@core/language';
import { z } from 'zod';

/*
 * Refusals in the request's language (decision 083): the contracts' own messages through their
 * tables, zod's own worded from the issue. The app says which language its screen speaks
 * (x-dealboard-language); other callers get their Accept-Language, else English.
 */

/** The contracts' messages in each language other than English (English is the messages themselves). */
export const MESSAGE_TABLES: Record<Language, MessageTable | null> = { en: null, nb, sv, da };

/** The language a request is answered in: the screen's, else the caller's Accept-Language, else English. */
export function chooseRequestLanguage(headers: Headers): Language {
  return negotiateLanguage(
    { explicit: [headers.get(UI_LANGUAGE_HEADER)], acceptLanguage: headers.get('accept-language') },
    LANGUAGES,
    'en',
  );
}

/** zod's own refusals in plain English ("At most 100 characters"): the wording every language re-words from. */
export function wordZodMessagesInEnglish(): void {
  z.config({ localeError: (issue) => describeIssue(issue as Parameters<typeof describeIssue>[0], 'en') });
}
