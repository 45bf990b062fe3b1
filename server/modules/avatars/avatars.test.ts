import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiError,
  AVATAR_UPLOAD_MAX_BYTES,
  type Avatar,
  type CreatedDisplayLink,
  type DisplayLeaderboard,
  type Leaderboard,
  type ProfileSettings,
} from '@core/contracts';
import { withInstance } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Profile pictures (decision 023): uploaded, decoded and re-encoded to a 256x256 WebP, served from
 * our own path. Remote URLs are refused (settings.test.ts) and cleared by the migration
 * (avatar-migration.test.ts).
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let rita: Member;
let colleague: Member;
let outsider: Member;

beforeAll(async () => {
  t = await createTestApp();
  rita = await t.createMember({ role: 'user', name: 'Rita Rep' });
  colleague = await t.createMember({ companyId: rita.companyId, role: 'admin', name: 'Ada Admin' });
  outsider = await t.createMember({ role: 'admin', name: 'Otto Other' });
});
afterAll(() => t.close());

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;

/** A picture whose left half is red and right half blue, so a rotation can be seen in the result. */
async function halves(format: 'png' | 'jpeg' | 'webp' | 'gif', options: { width?: number; height?: number; orientation?: number } = {}) {
  const width = options.width ?? 640;
  const height = options.height ?? 480;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      if (x < width / 2) pixels[at] = 255;
      else pixels[at + 2] = 255;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.orientation)
    image = image.withMetadata({ orientation: options.orientation, exif: { IFD0: { Artist: 'Rita at home, 59.91N 10.75E' } } });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

function upload(as: Member | null, body: Uint8Array | string, contentType = 'image/png'): Promise<Response> {
  return t.request('/api/v1/me/avatar', { method: 'PUT', as, body, headers: { 'content-type': contentType } });
}

async function uploadOk(as: Member, body: Uint8Array, contentType = 'image/png'): Promise<string> {
  const response = await upload(as, body, contentType);
  expect(response.status, await response.clone().text()).toBe(200);
  const { avatarUrl } = (await response.json()) as Avatar;
  expect(avatarUrl).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}$/);
  return avatarUrl!;
}

async function profile(as: Member): Promise<ProfileSettings> {
  return (await (await t.request('/api/v1/me/profile', { as })).json()) as ProfileSettings;
}

/** Fetched signed out, as a wall screen would: the bytes and what sharp reads in them. */
async function fetchPicture(path: string) {
  const response = await t.request(path);
  expect(response.status).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, metadata: await sharp(bytes).metadata() };
}

async function storedPictures(member: Member): Promise<number> {
  return withInstance(t.db, { companyId: member.companyId, userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT count(*)::int AS n FROM avatar_images WHERE user_id = ${member.id}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  });
}

describe('uploading a picture', () => {
  it('turns a PNG into a 256x256 WebP served from our own path, to anyone holding the link', async () => {
    const path = await uploadOk(rita, await halves('png'));
    const { response, metadata } = await fetchPicture(path);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // The profile, /me (the shell) and the boards now point at it.
    expect((await profile(rita)).avatarUrl).toBe(path);
    const me = (await (await t.request('/api/v1/me', { as: rita })).json()) as { profile: { avatarUrl: string } };
    expect(me.profile.avatarUrl).toBe(path);
  });

  it('turns a JPEG upright by its EXIF orientation and keeps none of its metadata', async () => {
    // Orientation 6: the camera was turned; shown upright, the red left half becomes the top.
    const path = await uploadOk(rita, await halves('jpeg', { width: 600, height: 600, orientation: 6 }), 'image/jpeg');
    const { bytes, metadata } = await fetchPicture(path);
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(bytes.includes('59.91N')).toBe(false);
    const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 256 + x) * 3, (y * 256 + x) * 3 + 3)];
    const [topRed, , topBlue] = pixel(128, 40);
    const [bottomRed, , bottomBlue] = pixel(128, 215);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
  });

  it.each([
    ['image/webp', 'webp'],
    ['image/gif', 'gif'],
  ] as const)('accepts %s too', async (contentType, format) => {
    const path = await uploadOk(rita, await halves(format, { width: 300, height: 900 }), contentType);
    expect((await fetchPicture(path)).metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('replaces the previous picture: the old one is gone, one stored picture per person', async () => {
    const first = await uploadOk(rita, await halves('png'));
    const second = await uploadOk(rita, await halves('png', { width: 320, height: 320 }));
    expect(second).not.toBe(first);
    const old = await t.request(first);
    expect(old.status).toBe(404);
    expect((await errorOf(old)).code).toBe('not_found');
    await fetchPicture(second);
    expect(await storedPictures(rita)).toBe(1);
    expect((await profile(rita)).avatarUrl).toBe(second);
  });

  it('shows the picture on the leaderboard and on the signed-out wall screen', async () => {
    const path = await uploadOk(rita, await halves('png'));
    const board = (await (await t.request('/api/v1/scoreboard/leaderboard', { as: colleague })).json()) as Leaderboard;
    expect(board.rows.find((row) => row.userId === rita.id)?.avatarUrl).toBe(path);
    expect(board.rows.find((row) => row.userId === colleague.id)?.avatarUrl).toBeNull();

    const created = await t.request('/api/v1/display-links', { method: 'POST', as: colleague, json: { name: 'Office TV' } });
    const { token } = (await created.json()) as CreatedDisplayLink;
    const logged = await t.request('/api/v1/activities', { method: 'POST', as: rita, json: { kind: 'call', answered: false } });
    expect(logged.status, await logged.clone().text()).toBe(201);
    const tv = (await (await t.request(`/api/v1/display/${token}/leaderboard`)).json()) as DisplayLeaderboard;
    expect(tv.rows.find((row) => row.userId === rita.id)?.avatarUrl).toBe(path);
    await fetchPicture(path); // no cookie, as the TV
  });
});

describe('refused uploads', () => {
  async function expectRefused(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toMatchObject({ code, message: expect.any(String) });
  }

  it('answers 413 for a body over the limit and keeps the current picture', async () => {
    const current = await uploadOk(rita, await halves('png'));
    const tooBig = new Uint8Array(AVATAR_UPLOAD_MAX_BYTES + 1);
    tooBig.set(await halves('png'));
    await expectRefused(await upload(rita, tooBig), 413, 'payload_too_large');
    // The same with the size declared up front (a browser's upload).
    await expectRefused(
      await t.request('/api/v1/me/avatar', {
        method: 'PUT',
        as: rita,
        body: tooBig,
        headers: { 'content-type': 'image/png', 'content-length': String(tooBig.byteLength) },
      }),
      413,
      'payload_too_large',
    );
    expect((await profile(rita)).avatarUrl).toBe(current);
    await fetchPicture(current);
  });

  it.each([
    ['a text file said to be a PNG', () => Buffer.from('Just some notes, not a picture.\n'), 'image/png'],
    ['a PNG cut short', async () => (await halves('png')).subarray(0, 60), 'image/png'],
    [
      'a PNG with garbage after its signature',
      async () => Buffer.concat([(await halves('png')).subarray(0, 16), Buffer.alloc(500, 7)]),
      'image/png',
    ],
    [
      'a JPEG cut in half',
      async () => {
        const jpeg = await halves('jpeg');
        return jpeg.subarray(0, jpeg.length / 2);
      },
      'image/jpeg',
    ],
    [
      'an SVG said to be a PNG',
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>'),
      'image/png',
    ],
    [
      'a TIFF said to be a JPEG',
      async () =>
        sharp(await halves('png'))
          .tiff()
          .toBuffer(),
      'image/jpeg',
    ],
    ['an empty body', () => Buffer.alloc(0), 'image/png'],
  ])('refuses %s with a 400 (never a 500)', async (_name, make, contentType) => {
    const before = (await profile(rita)).avatarUrl;
    await expectRefused(await upload(rita, new Uint8Array(await make()), contentType), 400, 'invalid_image');
    expect((await profile(rita)).avatarUrl).toBe(before);
  });

  it('refuses a picture with more than 25 megapixels before decoding it (a small file can claim a huge canvas)', async () => {
    const bomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(AVATAR_UPLOAD_MAX_BYTES);
    await expectRefused(await upload(rita, new Uint8Array(bomb)), 400, 'image_too_large');
  });

  it.each([['text/plain'], ['image/svg+xml'], ['application/json'], ['']])('refuses Content-Type %j with a 415', async (contentType) => {
    await expectRefused(await upload(rita, await halves('png'), contentType), 415, 'unsupported_media_type');
  });

  it('needs a signed-in member', async () => {
    await expectRefused(await upload(null, await halves('png')), 401, 'unauthorized');
    await expectRefused(await t.request('/api/v1/me/avatar', { method: 'DELETE' }), 401, 'unauthorized');
  });
});

describe('serving', () => {
  it.each([
    ['an unknown id', '/api/v1/avatars/00000000-0000-4000-8000-000000000000'],
    ['a malformed id', '/api/v1/avatars/not-a-uuid'],
    ['an id with SQL in it', `/api/v1/avatars/${encodeURIComponent("x' OR 1=1 --")}`],
    ['an upper-case id', '/api/v1/avatars/00000000-0000-4000-8000-00000000000A'],
    ['a very long id', `/api/v1/avatars/${'a'.repeat(4000)}`],
  ])('answers 404 in the error shape for %s', async (_name, path) => {
    const response = await t.request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await errorOf(response)).toMatchObject({ code: 'not_found' });
  });
});

describe('serving, bad input', () => {
  it('answers 400 (never 500) for an id PostgreSQL could not store', async () => {
    const response = await t.request('/api/v1/avatars/%00');
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_input' });
  });
});

describe('it is always the caller’s own picture', () => {
  it('removing clears your picture and deletes it, and nobody else’s', async () => {
    const ritas = await uploadOk(rita, await halves('png'));
    const colleagues = await uploadOk(colleague, await halves('png'));

    const removed = await t.request('/api/v1/me/avatar', { method: 'DELETE', as: colleague });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ avatarUrl: null });
    expect((await profile(colleague)).avatarUrl).toBeNull();
    expect((await t.request(colleagues)).status).toBe(404);
    expect(await storedPictures(colleague)).toBe(0);

    // Rita's picture (same company) is untouched, and removing again is harmless.
    expect((await t.request('/api/v1/me/avatar', { method: 'DELETE', as: colleague })).status).toBe(200);
    expect((await profile(rita)).avatarUrl).toBe(ritas);
    await fetchPicture(ritas);
  });

  it('an upload by someone else (an admin of the company, another company) replaces only their own', async () => {
    const ritas = await uploadOk(rita, await halves('png'));
    await uploadOk(colleague, await halves('png'));
    await uploadOk(outsider, await halves('png'));
    expect((await profile(rita)).avatarUrl).toBe(ritas);
    expect(await storedPictures(rita)).toBe(1);
    await fetchPicture(ritas);
  });

  it('the delete route names no person: a user id in the path or query changes nothing', async () => {
    const ritas = await uploadOk(rita, await halves('png'));
    const byPath = await t.request(`/api/v1/me/avatar/${rita.id}`, { method: 'DELETE', as: outsider });
    expect(byPath.status).toBe(404);
    await t.request(`/api/v1/me/avatar?userId=${rita.id}`, { method: 'DELETE', as: outsider });
    expect((await profile(rita)).avatarUrl).toBe(ritas);
    await fetchPicture(ritas);
  });
});
