export type Catalog = Record<string, unknown>;

/** `{ '../locales/en/auth.json': {...} }` -> `{ auth: {...} }`. */
export function toNamespaces(modules: Record<string, Catalog>): Record<string, Catalog> {
  return Object.fromEntries(Object.entries(modules).map(([path, catalog]) => [/([^/]+)\.json$/.exec(path)![1]!, catalog]));
}
