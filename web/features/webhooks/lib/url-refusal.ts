import type { TFunction } from 'i18next';

/*
 * The server refuses a webhook URL in English (its field message under details.url). The screen
 * speaks the reader's language: each known refusal maps to a text of the webhooks catalog, with
 * the host and address it names; one the screen does not know is shown as the server wrote it.
 */
const REFUSALS: { pattern: RegExp; key: string }[] = [
  { pattern: /^That is not a URL/, key: 'notUrl' },
  { pattern: /user name or password/, key: 'credentials' },
  { pattern: /^http:\/\/ is allowed only/, key: 'httpLoopbackOnly' },
  { pattern: /must start with https:\/\//, key: 'httpsOnly' },
  { pattern: /^The host (?<host>\S+) could not be found/, key: 'hostNotFound' },
  { pattern: /^(?<host>\S+) resolves to (?<address>[^,]+), a private/, key: 'privateAddress' },
];

/** The words for the server's refusal of a URL, in the language on the screen. */
export function describeUrlRefusal(message: string, t: TFunction<'webhooks'>): string {
  for (const { pattern, key } of REFUSALS) {
    const match = pattern.exec(message);
    if (match) return t(`refusals.${key}`, { host: match.groups?.host ?? '', address: match.groups?.address ?? '' });
  }
  return message;
}

/** Whether the text is a whole http(s) URL; the server decides the rest (https only, public addresses). */
export function looksLikeWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
