import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildUnitGraph, readServerImports } from './module-graph.js';

/*
 * docs/architecture.md's table of the server's modules is the map a newcomer reads: every module has
 * its row, and its "reaches" column names (in backticks) exactly the modules it imports, and the
 * auth, mail and realtime units when it uses them. The session's middleware is left out (every module
 * with routes uses it). Explanations in parentheses are free text.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const OTHER_UNITS = ['auth', 'mail', 'realtime'];

function readDocumentedModules(): Map<string, string[]> {
  const doc = readFileSync(resolve(ROOT, 'docs', 'architecture.md'), 'utf8');
  const section = doc.split("## The server's modules")[1]!.split('\n## ')[0]!;
  const rows = new Map<string, string[]>();
  for (const match of section.matchAll(/^\| `([a-z-]+)` \| .*? \|\s*([^|]*?)\s*\|$/gm)) {
    // Only the names outside parentheses: "`activities` (the feed), `teams`" reaches activities and teams.
    let outside = '';
    let depth = 0;
    for (const char of match[2]!) {
      if (char === '(') depth++;
      if (depth === 0) outside += char;
      if (char === ')') depth--;
    }
    rows.set(match[1]!, [...outside.matchAll(/`([a-z-]+)`/g)].map((name) => name[1]!).sort());
  }
  return rows;
}

describe("docs/architecture.md's map of the server's modules", () => {
  it('has a row for every module, naming exactly the modules it reaches', () => {
    const graph = buildUnitGraph(readServerImports());
    const actual = new Map(
      [...graph.keys()]
        .filter((unit) => unit.startsWith('modules/'))
        .map((unit) => {
          const name = unit.slice('modules/'.length);
          const reached = [...graph.get(unit)!.keys()]
            .filter((other) => other.startsWith('modules/') || OTHER_UNITS.includes(other))
            .map((other) => other.replace(/^modules\//, ''))
            .filter((other) => other !== name && other !== 'session');
          return [name, reached.sort()] as const;
        }),
    );
    const documented = readDocumentedModules();
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries([...actual].sort()));
  });
});

/*
 * The page is read in the repository: every link and path on it stays inside it, and every path it
 * names in backticks is there (a pattern such as `core/contracts/<feature>.ts` is not a path).
 */
const REPO_PATH = /^(core|server|web|e2e|scripts|docs|bench)\//;

describe('docs/architecture.md stays inside the repository', () => {
  const doc = readFileSync(resolve(ROOT, 'docs', 'architecture.md'), 'utf8');

  it('has no link or path that leads outside it', () => {
    const outside = doc.split('\n').filter((line) => /https?:\/\/|\.\.\//.test(line));
    expect(outside).toEqual([]);
  });

  it('names only paths that exist', () => {
    const paths = [...doc.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!).filter((text) => REPO_PATH.test(text) && !/[*{<]/.test(text));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !existsSync(resolve(ROOT, path)))).toEqual([]);
  });
});
