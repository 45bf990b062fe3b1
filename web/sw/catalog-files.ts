/**
 * A translation catalog's file in the build (assets/common.nb-hash.js: vite.config.ts names them
 * so): its namespace and language; null for any other file.
 */
export function readCatalogFile(url: string): { namespace: string; language: string } | null {
  const match = /(?:^|\/)assets\/(\w+)\.([a-z]{2})-[\w-]+\.js$/.exec(url);
  return match ? { namespace: match[1]!, language: match[2]! } : null;
}

/** Of the build's install list, what a reader of `language` installs: every file but the other languages' catalogs. */
export function selectForLanguage<Entry extends string | { url: string }>(entries: readonly Entry[], language: string): Entry[] {
  return entries.filter((entry) => {
    const catalog = readCatalogFile(typeof entry === 'string' ? entry : entry.url);
    return !catalog || catalog.language === language;
  });
}
