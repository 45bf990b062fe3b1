import { type Language, LANGUAGES, UI_LANGUAGE_HEADER } from '@core/contracts';
import { describeIssue, type MessageTable, translateContractMessage } from '@core/contracts/messages';
import da from '@core/contracts/messages/da.json';
import nb from '@core/contracts/messages/nb.json';
import sv from '@core/contracts/messages/sv.json';
import serviceDa from '../messages/da.json';
import serviceNb from '../messages/nb.json';
import serviceSv from '../messages/sv.json';
import { negotiateLanguage } from '@core/language';
import { z } from 'zod';

/*
 * Refusals in the request's language (decision 083): the contracts' own messages through their
 * tables, zod's own worded from the issue. The app says which language its screen speaks
 * (x-dealboard-language); other callers get their Accept-Language, else English.
 */

/**
 * The refusals' messages in each language other than English (English is the messages themselves):
 * the contracts' (core/contracts/messages) and the services' own field details (server/messages,
 * messages.test.ts finds each `badRequest('…', { field: '…' })` in the sources).
 */
export const MESSAGE_TABLES: Record<Language, MessageTable | null> = {
  en: null,
  nb: { ...nb, ...serviceNb },
  sv: { ...sv, ...serviceSv },
  da: { ...da, ...serviceDa },
};

/** A service's per-field details in the request's language (a detail with no text in the table stays as it is). */
export function translateDetails(details: Record<string, string> | undefined, language: Language): Record<string, string> | undefined {
  const table = MESSAGE_TABLES[language];
  if (!details || !table) return details;
  return Object.fromEntries(Object.entries(details).map(([field, message]) => [field, translateContractMessage(message, table)]));
}

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
