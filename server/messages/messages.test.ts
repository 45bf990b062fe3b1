import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import da from './da.json';
import nb from './nb.json';
import sv from './sv.json';

/*
 * The services' own field details (`badRequest('…', { field: '…' })`, `new HttpError(…, { field: '…' })`)
 * have a text in every language (decision 083), read from the sources so a new one without a
 * translation fails here. Dynamic details (a URL's own refusal, a contract message) are worded
 * where they come from.
 */

const SERVER = resolve(import.meta.dirname, '..');

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'db' ? [] : listSources(path);
    return name.endsWith('.ts') && !name.includes('.test.') && !name.includes('test-support') ? [path] : [];
  });
}

/** The literal detail texts of every refusal written in the server's code. */
function listServiceDetails(): Set<string> {
  const details = new Set<string>();
  for (const path of listSources(SERVER)) {
    // Comments aside (they show the pattern with '…').
    const source = readFileSync(path, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const call of source.matchAll(/(?:badRequest|new HttpError)\(/g)) {
      let depth = 1;
      let end = call.index + call[0].length;
      while (end < source.length && depth > 0) {
        if (source[end] === '(') depth += 1;
        else if (source[end] === ')') depth -= 1;
        end += 1;
      }
      const args = source.slice(call.index, end);
      for (const detail of args.matchAll(/\{\s*\[?\w+\]?:\s*'([^']+)'\s*,?\s*\}/g)) details.add(detail[1]!);
    }
  }
  return details;
}

describe("the services' field details", () => {
  const details = listServiceDetails();

  it('are found in the sources (a scan that finds none would prove nothing)', () => {
    expect(details.size).toBeGreaterThan(15);
    expect(details).toContain('Only an answered call has an outcome');
  });

  it.each([
    ['nb', nb],
    ['sv', sv],
    ['da', da],
  ] as const)('each has a text in %s, and the table keeps none the code no longer gives', (_language, table: Record<string, string>) => {
    expect([...details].filter((detail) => !table[detail]?.trim())).toEqual([]);
    expect(Object.keys(table).filter((detail) => !details.has(detail))).toEqual([]);
  });
});
