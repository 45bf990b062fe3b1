/*
 * Which of our languages a person reads, from what they or their browser say. One place for the
 * rule, used by the public site (server/public-site.ts), mails (server/mail) and the app's i18n.
 * Plain data and functions, no zod: the public site's islands read it too.
 */

/**
 * Languages with a complete catalog: English and Norwegian bokmål (ARCHITECTURE.md), Swedish and
 * Danish (decision 080). A new one is added here, in every catalog and word table (the type
 * checker names each `Record<Language, …>` that lacks it) and in the database's checks.
 */
export const LANGUAGES = ['en', 'nb', 'sv', 'da'] as const;

/** The Intl locale each language formats numbers, money and dates with ("12 500 kr" in nb-NO). */
export const INTL_LOCALES: Record<(typeof LANGUAGES)[number], string> = { en: 'en-GB', nb: 'nb-NO', sv: 'sv-SE', da: 'da-DK' };

/** Norwegian (nb, nn, no) reads bokmål; English reads English; anything else matches nothing. */
export function matchLanguage<L extends string>(tag: string | null | undefined, languages: readonly L[]): L | null {
  if (!tag) return null;
  const code = tag.trim().toLowerCase();
  if (/^(nb|nn|no)\b/.test(code) && languages.includes('nb' as L)) return 'nb' as L;
  const primary = code.split('-')[0]!;
  return languages.includes(primary as L) ? (primary as L) : null;
}

/**
 * The first explicit choice we have a catalog for (a saved setting, a ?lang=, the screen's
 * language), else the best of an Accept-Language header by its q-values, else `fallback`.
 */
export function negotiateLanguage<L extends string>(
  input: { explicit?: readonly (string | null | undefined)[]; acceptLanguage?: string | null },
  languages: readonly L[],
  fallback: L,
): L {
  for (const choice of input.explicit ?? []) {
    const language = matchLanguage(choice, languages);
    if (language) return language;
  }
  const ranked = (input.acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag.trim() && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = matchLanguage(tag, languages);
    if (language) return language;
  }
  return fallback;
}
