import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ActivityTypeList, ApiError, AuditLogPage, ImportPreview, OwnTypeLook, RecentActivities, RenamedKind } from '@core/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A built-in kind renamed (decision 116), on both engines: an admin (not a rep) gives the meeting and
 * the call the team's own names; every member reads them with the types; the feed names the kind's
 * activities by them, those logged before the rename too, and a call with its outcome; the activities'
 * file writes them; another company sees nothing of it; and the app's words come back on asking.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let other: Member;

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const rename = (as: Member, key: string, names: unknown) =>
  t.request(`/api/v1/activity-types/built-in/${key}/names`, { method: 'PUT', as, json: { names } });
const log = async (as: Member, json: Record<string, unknown>) =>
  ok(await t.request('/api/v1/activities', { method: 'POST', as, json }), 201);
const feedOf = async (as: Member) =>
  (await ok<RecentActivities>(await t.request('/api/v1/scoreboard/recent-activities?limit=50', { as }))).activities;
const today = () => new Date().toISOString().slice(0, 10);
const refusal = async (response: Response) => ({ status: response.status, error: ((await response.json()) as ApiError).error });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId });
  other = await t.createMember({ role: 'admin' });
  // Logged before any rename: renaming keeps history, so these read by the new name too.
  await log(rep, { kind: 'meeting', customerName: 'Fjord AS' });
  await log(rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
  await log(other, { kind: 'meeting' });
});
afterAll(() => t.close());

it('lets an admin rename a built-in kind, not a rep, and refuses an empty name or one another type or kind has', async () => {
  expect((await rename(rep, 'meeting', { en: 'Demo' })).status).toBe(403);
  expect(await refusal(await rename(admin, 'meeting', { en: ' ' }))).toMatchObject({
    status: 400,
    error: { message: expect.stringContaining('Give it a name') },
  });
  expect((await rename(admin, 'visit', { en: 'Visit' })).status).toBe(400);
  // Another kind's name (the app's, in that language) or an own type's is taken.
  expect(await refusal(await rename(admin, 'meeting', { en: 'call' }))).toMatchObject({ status: 409, error: { code: 'type_exists' } });
  await ok(
    await t.request('/api/v1/activity-types', {
      method: 'POST',
      as: admin,
      json: {
        names: { en: 'Site visit' },
        icon: 'car',
        colour: 'amber',
        points: 3,
        outcomes: [],
        fields: [],
        bonus: null,
        celebrate: false,
      },
    }),
    201,
  );
  expect(await refusal(await rename(admin, 'meeting', { en: 'Site Visit' }))).toMatchObject({
    status: 409,
    error: { code: 'type_exists' },
  });

  // Another kind's word in any language, as a log menu or an imported file reads it ("Møde" is a meeting).
  expect(await refusal(await rename(admin, 'email', { da: 'Møde' }))).toMatchObject({ status: 409, error: { code: 'type_exists' } });
  expect(await refusal(await rename(admin, 'linkedin', { en: 'Meeting' }))).toMatchObject({ status: 409, error: { code: 'type_exists' } });

  const after = await ok<{ renamedKinds: RenamedKind[] }>(await rename(admin, 'meeting', { en: ' Demo ', nb: 'Demo', sv: '' }));
  expect(after.renamedKinds).toEqual([{ key: 'meeting', names: { en: 'Demo', nb: 'Demo' } }]);
  await ok(await rename(admin, 'call', { en: 'Dial', nb: 'Ringing' }));
  // A renamed kind's name is taken for the others too.
  expect(await refusal(await rename(admin, 'email', { en: 'demo' }))).toMatchObject({ status: 409, error: { code: 'type_exists' } });
  // Every member reads them with the types (the log buttons and dialogs); in the kinds' order.
  const list = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: rep }));
  expect(list.renamedKinds.map((kind) => kind.key)).toEqual(['call', 'meeting']);
  // A renamed kind is still no own type: not listed, edited or deleted as one.
  expect(list.types.map((type) => type.names.en)).toEqual(['Site visit']);
  const audit = async () => ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=activity_type.changed', { as: admin }));
  const entries = (await audit()).entries;
  expect(entries[0]!.details).toMatchObject({ name: 'Dial' });
  // The same names again change nothing: no second entry.
  await ok(await rename(admin, 'call', { nb: 'Ringing', en: 'Dial ' }));
  expect((await audit()).entries).toHaveLength(entries.length);
});

it('names the kind’s activities by it in the feed, those logged before too, a call with its outcome; other kinds keep the app’s words', async () => {
  await log(rep, { kind: 'meeting' });
  await log(rep, { kind: 'sale', ticketSize: 1_000_00 });
  const feed = await feedOf(admin);
  const meetings = feed.filter((activity) => activity.type === 'meeting');
  expect(meetings).toHaveLength(2);
  for (const meeting of meetings) expect(meeting.ownType).toMatchObject({ names: { en: 'Demo', nb: 'Demo' }, outcomeNames: null });
  const call = feed.find((activity) => activity.type === 'call_answered')!;
  expect(call.ownType).toMatchObject({
    names: { en: 'Dial', nb: 'Ringing' },
    outcomeNames: { en: 'Meeting booked' },
  } satisfies Partial<OwnTypeLook>);
  expect(feed.find((activity) => activity.type === 'sale')!.ownType).toBeNull();
  // Another company's meeting keeps the app's words.
  expect((await feedOf(other)).map((activity) => activity.ownType)).toEqual([null]);
});

it('writes the names in the activities’ file, with a call’s outcome beside it', async () => {
  const csv = await t.request('/api/v1/exports/activities?period=today&format=csv', { as: admin });
  expect(csv.status).toBe(200);
  const [, ...rows] = parse(Buffer.from(await csv.arrayBuffer()), { bom: true }) as string[][];
  expect(rows.map((row) => row.slice(2, 4)).sort()).toEqual([
    ['Demo', ''],
    ['Demo', ''],
    ['Dial', 'Meeting booked'],
    ['Sale', ''],
  ]);
});

it('takes the name from new own types, and reads it in an imported file’s type column', async () => {
  const demo = await t.request('/api/v1/activity-types', {
    method: 'POST',
    as: admin,
    json: { names: { nb: 'demo' }, icon: 'car', colour: 'amber', points: 3, outcomes: [], fields: [], bonus: null, celebrate: false },
  });
  expect(await refusal(demo)).toMatchObject({ status: 409, error: { code: 'type_exists' } });
  const { types } = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: admin }));
  const visit = types.find((type) => type.names.en === 'Site visit')!;
  const renamedTo = await t.request(`/api/v1/activity-types/${visit.id}`, {
    method: 'PUT',
    as: admin,
    json: { names: { en: 'Dial' }, icon: 'car', colour: 'amber', points: 3, outcomes: [], fields: [], bonus: null, celebrate: false },
  });
  expect(await refusal(renamedTo)).toMatchObject({ status: 409, error: { code: 'type_exists' } });

  const form = new FormData();
  form.set('kind', 'activities');
  form.set('file', new File([`date,email,type\r\n${today()},${rep.email},Demo\r\n${today()},${rep.email},dial`], 'week.csv'));
  const preview = await ok<ImportPreview>(await t.request('/api/v1/imports', { method: 'POST', as: admin, body: form }), 201);
  expect({ valid: preview.validCount, failures: preview.failures }).toEqual({ valid: 2, failures: [] });
  await ok(await t.request(`/api/v1/imports/${preview.id}/commit`, { method: 'POST', as: admin, json: { mapping: preview.mapping } }));
  // One meeting and one answered call more than were logged (two and one), named as renamed.
  const feed = await feedOf(admin);
  const named = (type: string) => feed.filter((activity) => activity.type === type && activity.ownType !== null).length;
  expect({ meetings: named('meeting'), calls: named('call_answered') }).toEqual({ meetings: 3, calls: 2 });
});

it('reads the type and outcome the activities’ file writes: a renamed call "not answered" imports as an unanswered call', async () => {
  await log(rep, { kind: 'call', answered: false });
  const csv = await t.request('/api/v1/exports/activities?period=today&format=csv', { as: admin });
  const [, ...rows] = parse(Buffer.from(await csv.arrayBuffer()), { bom: true }) as string[][];
  const [type, outcome] = rows.find((row) => row[3] === 'Not answered')!.slice(2, 4);
  expect(type).toBe('Dial');
  // The file's type and outcome cells, copied into an import's rows as a person would.
  const form = new FormData();
  form.set('kind', 'activities');
  form.set('file', new File([`date,email,type,outcome\r\n${today()},${rep.email},${type},${outcome}`], 'calls.csv'));
  const preview = await ok<ImportPreview>(await t.request('/api/v1/imports', { method: 'POST', as: admin, body: form }), 201);
  expect({ valid: preview.validCount, failures: preview.failures }).toEqual({ valid: 1, failures: [] });
  const unanswered = async () => (await feedOf(admin)).filter((activity) => activity.type === 'call_unanswered').length;
  const before = await unanswered();
  await ok(await t.request(`/api/v1/imports/${preview.id}/commit`, { method: 'POST', as: admin, json: { mapping: preview.mapping } }));
  expect(await unanswered()).toBe(before + 1);
});

it('gives the kind the app’s words again, on asking or when the names are the app’s', async () => {
  expect((await ok<{ renamedKinds: RenamedKind[] }>(await rename(admin, 'call', null))).renamedKinds.map((kind) => kind.key)).toEqual([
    'meeting',
  ]);
  const same = await ok<{ renamedKinds: RenamedKind[] }>(
    await rename(admin, 'meeting', { en: 'Meeting held', nb: 'Møte holdt', sv: 'Genomfört möte', da: 'Afholdt møde' }),
  );
  expect(same.renamedKinds).toEqual([]);
  expect((await feedOf(admin)).every((activity) => activity.ownType === null)).toBe(true);
});
