import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/decisions/README.md is the index a newcomer reads first: every record listed once under
 * "All records", and every link in it (the rules in force cite records) leads to a file that exists.
 */
const DIR = resolve(import.meta.dirname, '..', '..', 'docs', 'decisions');
const readme = readFileSync(join(DIR, 'README.md'), 'utf8');
const records = readdirSync(DIR)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

describe('the decision records index', () => {
  it('lists every record once, in number order, under "All records"', () => {
    const all = readme.split('## All records')[1] ?? '';
    const listed = [...all.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((match) => match[1]);
    expect(listed).toEqual(records);
  });

  it('links only to records that exist', () => {
    const targets = [...readme.matchAll(/\]\(([^)#]+\.md)\)/g)].map((match) => match[1]!);
    expect(targets.length).toBeGreaterThan(records.length);
    expect(targets.filter((target) => !existsSync(join(DIR, target)))).toEqual([]);
  });
});
