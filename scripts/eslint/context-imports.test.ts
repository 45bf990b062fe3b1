import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * server/context.ts is read by nearly every server file (AppDeps, Actor). It declares the workers it
 * holds as interfaces and imports no module's services (decision 094): no import, not even of a type,
 * may lead from it back to itself, or every file that reads AppDeps is in one import circle again.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

function listServerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : listServerFiles(path);
    return entry.name.endsWith('.ts') && !/\.test\.ts$|test-support\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Each file's relative imports (values and types alike), resolved to files. */
function readImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from\s'(\.[^']*)'/gm)].flatMap((match) => {
    const target = resolve(dirname(file), match[1]!);
    return [`${target}.ts`, join(target, 'index.ts')].filter((candidate) => existsSync(candidate)).slice(0, 1);
  });
}

/** A chain of imports from `start` back to `start`, or null. */
function findCircle(start: string, graph: Map<string, string[]>): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, path: string[]): string[] | null => {
    for (const next of graph.get(file) ?? []) {
      if (next === start) return [...path, next];
      if (seen.has(next)) continue;
      seen.add(next);
      const found = walk(next, [...path, next]);
      if (found) return found;
    }
    return null;
  };
  return walk(start, [start]);
}

describe('server/context.ts', () => {
  it('is in no import circle (types included)', () => {
    const files = listServerFiles(join(ROOT, 'server'));
    const graph = new Map(files.map((file) => [file, readImports(file)]));
    const context = join(ROOT, 'server', 'context.ts');
    expect(graph.get(context)?.length).toBeGreaterThan(0);
    expect(findCircle(context, graph)?.map((file) => relative(ROOT, file)) ?? null).toBeNull();
  });
});
