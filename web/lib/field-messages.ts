import type { Language } from '@core/contracts';
import { type MessageTable, translateContractMessage } from '@core/contracts/messages';

/*
 * Field refusals in the screen's language (decision 083). A form checks its fields with the
 * contracts' schemas: their own messages are English, and each other language's table (loaded
 * with the language, a few KB) gives its text; zod's own refusals are worded in the language by
 * its error map (web/lib/contracts.ts, which reads the language from here: installed with zod, so
 * a screen without a form loads neither). The server answers in the screen's language too (it is
 * told in every request).
 */

const TABLES = import.meta.glob<MessageTable>('../../core/contracts/messages/{nb,sv,da}.json', { import: 'default' });
const loaded = new Map<string, MessageTable>();
let current: Language = 'en';

/** Switches the refusals to the language: zod's error map at once, the table when it has loaded. */
export async function switchFieldMessages(language: Language): Promise<void> {
  current = language;
  const load = TABLES[`../../core/contracts/messages/${language}.json`];
  if (load && !loaded.has(language)) loaded.set(language, await load());
}

/** A contract's message in the screen's language (unchanged in English, or before its table has loaded). */
export function translateFieldMessage(message: string): string {
  return translateContractMessage(message, loaded.get(current));
}

/** The language zod's own refusals are worded in now (web/lib/contracts.ts). */
export function readFieldLanguage(): Language {
  return current;
}
