import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocumentForTypes, compareApiTypes, generateApiTypes } from './api-types';

/*
 * The drift check of the web's generated API types (`tsx scripts/api-types.ts --check`, a step of
 * `npm test`): the committed file is what the routes describe, and a route changed without
 * regenerating is caught with a message saying what to run.
 */

const scratch = mkdtempSync(join(tmpdir(), 'dealboard-api-types-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the generated API types', () => {
  it('match the routes as committed', async () => {
    const result = compareApiTypes(await generateApiTypes());
    expect(result.message).toBe('API types: web/lib/api/schema.d.ts matches the routes');
    expect(result.ok).toBe(true);
  });

  it('are caught out of date when a route’s answer changes, with what to run', async () => {
    const committed = join(scratch, 'schema.d.ts');
    writeFileSync(committed, await generateApiTypes());
    expect(compareApiTypes(await generateApiTypes(), committed).ok).toBe(true);

    // GET /api/v1/public-config gains a field: the route changed, the file did not.
    const document = buildDocumentForTypes();
    const answer = (
      document.paths?.['/api/v1/public-config']?.get?.responses?.['200'] as { content: Record<string, { schema: { properties: object } }> }
    ).content['application/json']!.schema;
    answer.properties = { ...answer.properties, supportEmail: { type: 'string' } };
    const changed = await generateApiTypes(document);
    expect(changed).toContain('supportEmail?: string');
    expect(compareApiTypes(changed, committed)).toEqual({
      ok: false,
      message:
        'API types drift: web/lib/api/schema.d.ts differs from what the routes describe.\nRun `npm run api:generate` and commit the result.',
    });
    expect(compareApiTypes(changed, join(scratch, 'missing.d.ts')).message).toMatch(/is missing\.\nRun `npm run api:generate`/);
  });

  it('type raw pictures as Blobs, and every refusal as the one error shape', async () => {
    const types = await generateApiTypes();
    expect(types).toContain('"image/png": Blob;');
    expect(types).not.toMatch(/content\?: never;/); // no refusal left without its body
    expect(types).toContain('"application/json": components["schemas"]["ApiError"];');
  });
});
