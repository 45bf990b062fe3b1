import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ACTIVITY_FEED_PAGE_DEFAULT,
  ACTIVITY_FEED_PAGE_MAX,
  AUDIT_LOG_PAGE_DEFAULT,
  AUDIT_LOG_PAGE_MAX,
  CUSTOMER_LIST_LIMIT_DEFAULT,
  CUSTOMER_LIST_LIMIT_MAX,
} from '@core/contracts';
import { AUTH_ENDPOINTS } from '@server/lib/edges';
import { describe, expect, it } from 'vitest';

/*
 * docs/api.md is written by hand where it explains; the endpoint list is generated (/api/docs). The
 * parts of it a change in the server would silently make wrong are checked here against the code:
 * the table of error codes (a new code must be documented, a documented code must exist), the
 * better-auth endpoints left open, and the page sizes of the paginated lists.
 */
const ROOT = resolve(import.meta.dirname, '..');
const doc = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');

/** The text of one `## ` section of the page. */
function sectionOf(title: string): string {
  const start = doc.indexOf(`\n## ${title}\n`);
  expect(start, `docs/api.md has a section "${title}"`).toBeGreaterThan(-1);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end === -1 ? undefined : end);
}

/** The server's source files (tests and test helpers left out). */
function readServerSources(): { file: string; text: string }[] {
  const dir = join(ROOT, 'server');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test/') && !file.includes('/test/'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}

/**
 * Every error code the server can answer with, read from how codes are written: an HttpError
 * (`new HttpError(409, 'last_admin', ...)`, its status possibly an expression), an error body
 * built by hand (`{ error: { code: 'not_found', ... } }`, `code: 'conflict'` in mapDatabaseError),
 * and the edges' refusals (`refuse(c, 413, 'payload_too_large', ...)`).
 */
function findServerErrorCodes(): Map<string, string> {
  const patterns = [/new HttpError\(\s*[^,]+,\s*'([a-z_]+)'/g, /\bcode: '([a-z_]+)'/g, /\brefuse\([^,]+,\s*\d{3},\s*'([a-z_]+)'/g];
  const codes = new Map<string, string>();
  for (const { file, text } of readServerSources()) {
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) codes.set(match[1]!, `server/${file}`);
  }
  return codes;
}

/** The codes in the Errors section's table (its second column). */
function findDocumentedErrorCodes(): Set<string> {
  const codes = new Set<string>();
  for (const line of sectionOf('Errors').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (!/^\d{3}/.test(cells[1] ?? '')) continue;
    for (const match of (cells[2] ?? '').matchAll(/`([a-z][a-z_]*)`/g)) codes.add(match[1]!);
  }
  return codes;
}

describe('docs/api.md', () => {
  it('documents every error code the server answers with, and no other', () => {
    const inServer = findServerErrorCodes();
    const inDoc = findDocumentedErrorCodes();
    // The scan itself must find the codes everyone relies on, or it proves nothing.
    for (const code of [
      'invalid_input',
      'invalid_json',
      'unauthorized',
      'no_company',
      'payload_too_large',
      'last_admin',
      'invitation_invalid',
    ]) {
      expect(inServer.has(code), `the scan finds ${code}`).toBe(true);
    }
    const undocumented = [...inServer].filter(([code]) => !inDoc.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(undocumented, 'codes missing from the Errors table of docs/api.md').toEqual([]);
    const unknown = [...inDoc].filter((code) => !inServer.has(code));
    expect(unknown, 'codes in docs/api.md that the server never sends').toEqual([]);
  });

  it('lists every better-auth endpoint left open at the edge', () => {
    const signingIn = sectionOf('Signing in');
    const missing = Object.values(AUTH_ENDPOINTS)
      .flat()
      .filter((path) => !signingIn.includes(`\`${path}\``) && !signingIn.includes(`\`${path}?`));
    expect(missing, 'open /api/auth endpoints missing from "Signing in"').toEqual([]);
  });

  it('gives the page sizes the contracts use', () => {
    const rowOf = (path: string) =>
      sectionOf('Lists and pagination')
        .split('\n')
        .find((line) => line.startsWith(`| \`GET ${path}\``)) ?? '';
    expect(rowOf('/api/v1/activities')).toContain(`(1-${ACTIVITY_FEED_PAGE_MAX}, default ${ACTIVITY_FEED_PAGE_DEFAULT})`);
    expect(rowOf('/api/v1/admin/audit-log')).toContain(`(1-${AUDIT_LOG_PAGE_MAX}, default ${AUDIT_LOG_PAGE_DEFAULT})`);
    expect(rowOf('/api/v1/customers')).toContain(`(1-${CUSTOMER_LIST_LIMIT_MAX}, default ${CUSTOMER_LIST_LIMIT_DEFAULT})`);
  });
});
