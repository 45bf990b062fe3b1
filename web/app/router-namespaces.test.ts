import { API_TOKEN_SCOPES } from '@core/contracts';
import { describe, expect, it } from 'vitest';
import { BASE_NAMESPACES, NAMESPACES } from '@web/i18n';
import { FIRST_RENDER_NAMESPACES, START_SCREEN_PATH_NAMESPACES, START_SCREEN_PATHS } from '../../scripts/app-shell/vite-plugin';

/*
 * Each lazy screen names the translation namespaces it speaks (router.tsx), and only those load
 * with it (decision 026). A namespace a screen uses but does not name would suspend it mid-screen
 * (a skeleton flash) or, for a key written 'ns:key', show the key. This reads the route table and every
 * module each screen's code reaches (static and dynamic imports inside web/), and compares.
 */
// Every source file of web/, by its path inside web/ ('app/router.tsx'). Vite names this folder's
// own files './x' and the others '../x'.
const SOURCES = Object.fromEntries(
  Object.entries(import.meta.glob<string>('../**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true })).map(([path, text]) => [
    path.startsWith('./') ? `app/${path.slice(2)}` : path.slice(3),
    text,
  ]),
);
const ROUTER = 'app/router.tsx';
const NAMESPACE_NAMES = new Set<string>(NAMESPACES);
/** Token scopes read like 'ns:key' ('webhooks:manage'), but are no translation keys. */
const NOT_KEYS = new Set<string>(API_TOKEN_SCOPES);

/** 'app/shell' + '../lib/x' -> 'lib/x' */
function joinPath(directory: string, relative: string): string {
  const parts = directory ? directory.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The text inside the parentheses that open at `start` (an index just after the '('). */
function balanced(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === '(') depth++;
    if (text[i] === ')' && --depth === 0) return text.slice(start, i);
  }
  throw new Error('unbalanced parentheses in router.tsx');
}

function parseArray(literal: string): string[] {
  return [...literal.matchAll(/'([a-z]+)'/g)].map((m) => m[1]!);
}

/** Every `page(() => import('module'), namespaces)` of the route table. */
function readRouteTable(): { module: string; declared: string[] }[] {
  const source = SOURCES[ROUTER]!;
  const constants = new Map(
    [...source.matchAll(/const ([A-Z_]+): readonly Namespace\[\] = (\[[^\]]*\])/g)].map((m) => [m[1]!, parseArray(m[2]!)]),
  );
  const screens: { module: string; declared: string[] }[] = [];
  for (const call of source.matchAll(/\.\.\.page\(/g)) {
    const args = balanced(source, call.index + call[0].length);
    const module = /import\('([^']+)'\)/.exec(args)?.[1];
    if (!module) throw new Error(`a page() without an import(): ${args}`);
    const rest = args.slice(args.lastIndexOf(')') + 1);
    const list = /\[[^\]]*\]/.exec(rest)?.[0];
    const constant = /\b([A-Z_]+)\s*$/.exec(rest.trim())?.[1];
    screens.push({ module, declared: list ? parseArray(list) : constant ? constants.get(constant)! : [] });
  }
  return screens;
}

function resolveImport(from: string, specifier: string, sources: Readonly<Record<string, string>> = SOURCES): string | null {
  let base: string;
  if (specifier.startsWith('@web/')) base = specifier.slice('@web/'.length);
  else if (specifier.startsWith('.')) base = joinPath(from.split('/').slice(0, -1).join('/'), specifier);
  else return null; // packages and core (which has no texts)
  for (const candidate of [base, `${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`]) {
    if (candidate in sources) return candidate;
  }
  return null; // JSON, CSS
}

/**
 * The lazy imports of a file that load their own words with their code: `import()` and
 * `loadNamespaces([...])` in one `Promise.all([...])`, as the Export menu does. By import specifier.
 */
function importsWithOwnWords(source: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const all of source.matchAll(/Promise\.all\(\[/g)) {
    const inside = balanced(source, all.index + all[0].length - 1);
    const words = [...inside.matchAll(/loadNamespaces\((\[[^\]]*\])\)/g)].flatMap((m) => parseArray(m[1]!));
    if (words.length === 0) continue;
    for (const m of inside.matchAll(/import\('([^']+)'\)/g)) found.set(m[1]!, words);
  }
  return found;
}

/**
 * The namespaces the code reachable from `entry` speaks. A lazy part that loads its own words with
 * its code (importsWithOwnWords) does not make its screen name them: what it reaches speaks them exempt.
 */
function namespacesUsedFrom(entry: string, sources: Readonly<Record<string, string>> = SOURCES): Set<string> {
  const used = new Set<string>();
  const seen = new Set<string>();
  const queue: { file: string; exempt: ReadonlySet<string> }[] = [{ file: entry, exempt: new Set() }];
  while (queue.length) {
    const { file, exempt } = queue.pop()!;
    const key = `${file} ${[...exempt].sort().join(',')}`;
    if (seen.has(key) || /\.test\.tsx?$/.test(file) || file === 'i18n/index.ts') continue;
    seen.add(key);
    const source = sources[file]!;
    const speak = (ns: string) => exempt.has(ns) || used.add(ns);
    for (const m of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[a-z]+')/g)) for (const ns of parseArray(m[1]!)) speak(ns);
    for (const m of source.matchAll(/\bns:\s*'([a-z]+)'/g)) speak(m[1]!);
    // 'ns:key' anywhere: in t('audit:title'), and in tables of keys (labelKey: 'audit:tab').
    for (const m of source.matchAll(/['`](([a-z]+):[A-Za-z][\w.]*)['`]/g)) {
      if (NAMESPACE_NAMES.has(m[2]!) && !NOT_KEYS.has(m[1]!)) speak(m[2]!);
    }
    const ownWords = importsWithOwnWords(source);
    for (const m of source.matchAll(/^import (?!type )[^;]*?from '([^']+)'|import\('([^']+)'\)/gm)) {
      const next = resolveImport(file, (m[1] ?? m[2])!, sources);
      const words = m[2] === undefined ? undefined : ownWords.get(m[2]);
      if (next) queue.push({ file: next, exempt: words ? new Set([...exempt, ...words]) : exempt });
    }
  }
  return used;
}

describe('the namespaces a lazy part loads with its own code', () => {
  const menu = (loader: string) => ({
    'components/menu.tsx': `const load = () => ${loader};\nexport function Menu() { const { t } = useTranslation(); }`,
    'components/menu-dropdown.tsx': "export function Dropdown() { const { t } = useTranslation('data'); }",
  });

  it('are not the screen’s to name', () => {
    const sources = menu("Promise.all([import('./menu-dropdown'), loadNamespaces(['data'])]).then(([m]) => m)");
    expect([...namespacesUsedFrom('components/menu.tsx', sources)]).toEqual([]);
  });

  it('are the screen’s when the lazy part does not load them itself', () => {
    const sources = menu("import('./menu-dropdown')");
    expect([...namespacesUsedFrom('components/menu.tsx', sources)]).toEqual(['data']);
  });

  it('are the screen’s when the words load elsewhere in the file, not with that import', () => {
    const sources = menu("import('./menu-dropdown'); const other = () => Promise.all([loadNamespaces(['data'])])");
    expect([...namespacesUsedFrom('components/menu.tsx', sources)]).toEqual(['data']);
  });
});

describe('the translation namespaces of each lazy screen', () => {
  const screens = readRouteTable();
  const base: string[] = [...BASE_NAMESPACES];

  it('reads the route table', () => {
    expect(screens.length).toBeGreaterThan(20);
    expect(screens.find((s) => s.module.endsWith('dashboard-page'))?.declared).toEqual(['scoreboard', 'privacy']);
  });

  it.each(screens.map((s) => [s.module, s] as const))('%s names exactly the namespaces its code speaks', (module, screen) => {
    const entry = resolveImport(ROUTER, module);
    expect(entry, module).not.toBeNull();
    const used = [...namespacesUsedFrom(entry!)].filter((ns) => !base.includes(ns)).sort();
    for (const ns of used) expect(NAMESPACES).toContain(ns);
    expect([...screen.declared].sort()).toEqual(used);
  });

  it.each(Object.entries(START_SCREEN_PATHS))(
    "the page of %s hints the catalogs its screen waits for (the build's list matches the route table)",
    (path, module) => {
      const screen = screens.find((s) => `web/${resolveImport(ROUTER, s.module)}` === module);
      expect(screen, module).toBeDefined();
      const beyondShell = screen!.declared.filter((ns) => !FIRST_RENDER_NAMESPACES.includes(ns)).sort();
      expect([...START_SCREEN_PATH_NAMESPACES[path]!].sort()).toEqual(beyondShell);
    },
  );
});
