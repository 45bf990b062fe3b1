import type { Language } from '@core/contracts';
import { describeIssue, type MessageTable, translateContractMessage } from '@core/contracts/messages';
import { z } from 'zod';

/*
 * Field refusals in the screen's language (decision 083). A form checks its fields with the
 * contracts' schemas: their own messages are English, and each other language's table (loaded
 * with the language, a few KB) gives its text; zod's own refusals are worded in the language by
 * its error map. The server answers in the screen's language too (it is told in every request).
 */

const TABLES = import.meta.glob<MessageTable>('../../core/contracts/messages/{nb,sv,da}.json', { import: 'default' });
const loaded = new Map<string, MessageTable>();
let current: Language = 'en';

/** Switches the refusals to the language: zod's error map at once, the table when it has loaded. */
export async function switchFieldMessages(language: Language): Promise<void> {
  current = language;
  z.config({ localeError: (issue) => describeIssue(issue as Parameters<typeof describeIssue>[0], current) });
  const load = TABLES[`../../core/contracts/messages/${language}.json`];
  if (load && !loaded.has(language)) loaded.set(language, await load());
}

/** A contract's message in the screen's language (unchanged in English, or before its table has loaded). */
export function translateFieldMessage(message: string): string {
  return translateContractMessage(message, loaded.get(current));
}
