import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityType, ActivityTypeInput, ActivityTypeList, ApiError, AuditLogPage } from '@core/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A company's own activity types (decision 100): admins define them with outcomes, fields and
 * points, everyone reads them, names are told apart, ids are kept, and a type in use is archived
 * rather than deleted, keeping what it held.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let outsider: Member;

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
async function ok<T>(response: Response): Promise<T> {
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const list = (as: Member) => t.request('/api/v1/activity-types', { as }).then((r) => ok<ActivityTypeList>(r));
const create = (as: Member, json: unknown) => t.request('/api/v1/activity-types', { method: 'POST', as, json });
const replace = (as: Member, id: string, json: unknown) => t.request(`/api/v1/activity-types/${id}`, { method: 'PUT', as, json });
const post = (as: Member, path: string, json?: unknown) => t.request(`/api/v1/activity-types${path}`, { method: 'POST', as, json });
const remove = (as: Member, id: string) => t.request(`/api/v1/activity-types/${id}`, { method: 'DELETE', as });

const demo: ActivityTypeInput = {
  names: { en: 'Demo', nb: 'Demo' },
  icon: 'presentation',
  colour: 'green',
  points: 5,
  outcomes: [
    { names: { en: 'Booked next step', nb: 'Neste steg booket' }, points: 3 },
    { names: { en: 'No interest', nb: 'Ikke interessert' }, points: 0 },
  ],
  fields: [
    { names: { en: 'Seats', nb: 'Lisenser' }, kind: 'number', required: true },
    {
      names: { en: 'Plan' },
      kind: 'choice',
      options: [{ names: { en: 'Basic' } }, { names: { en: 'Pro' } }],
    },
    { names: { en: 'Deal value' }, kind: 'money', pointsPerUnit: 0.01 },
  ],
  bonus: { threshold: 5, points: 10 },
};

/** The rep logs one of the type, its required fields filled in: the type is in use from then on. */
async function useType(typeId: string) {
  const type = (await list(rep)).types.find((candidate) => candidate.id === typeId)!;
  const fields = Object.fromEntries(type.fields.filter((f) => f.required && !f.archived).map((f) => [f.id, f.kind === 'number' ? 1 : 'x']));
  const outcome = type.outcomes.find((o) => !o.archived)?.id;
  const response = await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'custom', typeId, outcome, fields } });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Astrid Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Ola Rep' });
  outsider = await t.createMember({ role: 'admin', name: 'Other Admin' });
});
afterAll(() => t?.close());

describe('activity types', () => {
  let created: ActivityType;

  it('an admin creates a type: ids are given to its outcomes, fields and options, names trimmed', async () => {
    const response = await create(admin, { ...demo, names: { en: '  Demo  ', nb: 'Demo', sv: '' } });
    expect(response.status).toBe(201);
    created = await ok<ActivityType>(response);
    expect(created.names).toEqual({ en: 'Demo', nb: 'Demo' });
    expect(created.outcomes.map((o) => [o.names.en, o.points, o.archived])).toEqual([
      ['Booked next step', 3, false],
      ['No interest', 0, false],
    ]);
    expect(new Set([...created.outcomes, ...created.fields].map((entry) => entry.id)).size).toBe(5);
    const [seats, plan, value] = created.fields;
    expect(seats).toMatchObject({ kind: 'number', required: true, options: [], pointsPerUnit: null });
    expect(plan!.options.map((o) => o.names.en)).toEqual(['Basic', 'Pro']);
    expect(value).toMatchObject({ kind: 'money', required: false, pointsPerUnit: 0.01 });
    expect(created).toMatchObject({ bonus: { threshold: 5, points: 10 }, archivedAt: null, inUse: false });
  });

  it('every member of the company reads them; another company sees none and cannot touch them', async () => {
    expect((await list(rep)).types.map((type) => type.id)).toEqual([created.id]);
    expect((await list(outsider)).types).toEqual([]);
    expect((await replace(outsider, created.id, demo)).status).toBe(404);
    expect((await post(outsider, `/${created.id}/archive`)).status).toBe(404);
    expect((await remove(outsider, created.id)).status).toBe(404);
  });

  it('a rep may not create, change, archive or delete one', async () => {
    expect((await create(rep, { ...demo, names: { en: 'Rep type' } })).status).toBe(403);
    expect((await replace(rep, created.id, demo)).status).toBe(403);
    expect((await post(rep, `/${created.id}/archive`)).status).toBe(403);
    expect((await remove(rep, created.id)).status).toBe(403);
  });

  it('refuses bad definitions with words an admin understands, and saves nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...demo, names: { en: ' ' } }, 'Give it a name'],
      [
        { ...demo, names: { en: 'Two' }, fields: [{ names: { en: 'Plan' }, kind: 'choice', options: [{ names: { en: 'One' } }] }] },
        'A choice needs at least 2 options',
      ],
      [{ ...demo, names: { en: 'Two' }, outcomes: [demo.outcomes[0], demo.outcomes[0]] }, 'Two outcomes have the same name'],
      [
        { ...demo, names: { en: 'Two' }, fields: [{ names: { en: 'N' }, kind: 'number', pointsPerUnit: 2 }] },
        'Only a money field gives points per unit',
      ],
      [{ ...demo, names: { en: 'Two' }, icon: 'skull' }, 'Choose one of the icons'],
      [{ ...demo, names: { en: 'Two' }, bonus: { threshold: 1, points: 5 } }, 'The bonus needs at least 2 activities a day'],
      [{ ...demo, names: { en: 'Two' }, points: -1 }, 'Points cannot be negative'],
    ];
    for (const [body, message] of cases) {
      const response = await create(admin, body);
      expect(response.status, message).toBe(400);
      expect(Object.values((await errorOf(response)).details ?? {}).join(' | ')).toContain(message);
    }
    // Another type's name, in the same language, whatever its case.
    const clash = await create(admin, { ...demo, names: { nb: 'DEMO' } });
    expect(clash.status).toBe(409);
    expect(await errorOf(clash)).toMatchObject({ code: 'type_exists' });
    expect((await list(admin)).types).toHaveLength(1);
  });

  it('a change keeps the ids of what stays; what is left out of an unused type is gone', async () => {
    const [booked] = created.outcomes;
    const [seats] = created.fields;
    const changed = await ok<ActivityType>(
      await replace(admin, created.id, {
        ...demo,
        names: { en: 'Product demo', nb: 'Produktdemo' },
        outcomes: [{ id: booked!.id, names: { en: 'Next step booked' }, points: 4 }],
        fields: [{ id: seats!.id, names: { en: 'Seats' }, kind: 'text', required: false }],
      }),
    );
    expect(changed.names).toEqual({ en: 'Product demo', nb: 'Produktdemo' });
    expect(changed.outcomes).toEqual([{ id: booked!.id, names: { en: 'Next step booked' }, points: 4, celebrate: false, archived: false }]);
    // Unused: a field may become another kind.
    expect(changed.fields).toEqual([
      { id: seats!.id, names: { en: 'Seats' }, kind: 'text', required: false, options: [], pointsPerUnit: null, archived: false },
    ]);
    created = changed;
  });

  it('in use: what is left out stays archived, a field keeps its kind, and the type is archived rather than deleted', async () => {
    const withPlan = await ok<ActivityType>(
      await replace(admin, created.id, {
        ...demo,
        names: created.names,
        outcomes: created.outcomes.map(({ id, names, points }) => ({ id, names, points })),
        fields: [
          { id: created.fields[0]!.id, names: { en: 'Seats' }, kind: 'number', required: true },
          { names: { en: 'Plan' }, kind: 'choice', options: [{ names: { en: 'Basic' } }, { names: { en: 'Pro' } }] },
        ],
      }),
    );
    await useType(created.id);
    const [outcome] = withPlan.outcomes;
    const [seats, plan] = withPlan.fields;
    const after = await ok<ActivityType>(
      await replace(admin, created.id, {
        ...demo,
        names: created.names,
        outcomes: [{ names: { en: 'Demo done' }, points: 1 }],
        fields: [
          { id: seats!.id, names: { en: 'Seats' }, kind: 'money', required: true },
          {
            id: plan!.id,
            names: { en: 'Plan' },
            kind: 'choice',
            options: [{ id: plan!.options[0]!.id, names: { en: 'Basic' } }, { names: { en: 'Team' } }],
          },
        ],
      }),
    );
    expect(after.inUse).toBe(true);
    expect(after.outcomes.map((o) => [o.names.en, o.archived])).toEqual([
      ['Demo done', false],
      [outcome!.names.en, true],
    ]);
    expect(after.outcomes[1]!.id).toBe(outcome!.id);
    // The field's stored values were written as numbers: it stays a number.
    expect(after.fields[0]).toMatchObject({ id: seats!.id, kind: 'number' });
    expect(after.fields[1]!.options.map((o) => [o.names.en, o.archived])).toEqual([
      ['Basic', false],
      ['Team', false],
      ['Pro', true],
    ]);

    const refused = await remove(admin, created.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'type_in_use' });

    const archived = await ok<ActivityType>(await post(admin, `/${created.id}/archive`));
    expect(archived.archivedAt).not.toBeNull();
    const restored = await ok<ActivityType>(await post(admin, `/${created.id}/restore`));
    expect(restored.archivedAt).toBeNull();
  });

  it('an unused type is deleted; a template adds its types once; the audit log names each change', async () => {
    const spare = await ok<ActivityType>(await create(admin, { ...demo, names: { en: 'Spare' } }));
    expect((await remove(admin, spare.id)).status).toBe(200);
    expect((await remove(admin, spare.id)).status).toBe(404);

    const first = await ok<ActivityTypeList>(await post(admin, '/templates', { template: 'sdr' }));
    const names = first.types.map((type) => type.names.en);
    // No "Dial": an SDR's dials are the built-in call, as the SDR board counts them.
    expect(names).toEqual(['Product demo', 'Demo held']);
    expect(first.types[1]!.fields.map((f) => [f.id, f.kind, f.required])).toEqual([['qualified', 'yes_no', true]]);
    const again = await ok<ActivityTypeList>(await post(admin, '/templates', { template: 'sdr' }));
    expect(again.types).toHaveLength(2);
    expect((await post(admin, '/templates', { template: 'nope' })).status).toBe(400);

    const log = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?limit=100', { as: admin }));
    const typeEntries = log.entries.filter((entry) => entry.action.startsWith('activity_type.'));
    expect(typeEntries.map((entry) => [entry.action, (entry.details as { name: string }).name]).reverse()).toEqual([
      ['activity_type.created', 'Demo'],
      ['activity_type.changed', 'Product demo'],
      ['activity_type.changed', 'Product demo'],
      ['activity_type.changed', 'Product demo'],
      ['activity_type.archived', 'Product demo'],
      ['activity_type.restored', 'Product demo'],
      ['activity_type.created', 'Spare'],
      ['activity_type.deleted', 'Spare'],
      ['activity_type.created', 'Demo held'],
    ]);
  });
});
