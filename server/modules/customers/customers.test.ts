import type { Customer, CustomerList, CustomerSuggestions } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string> } };

let t: TestApp;
let a: Member; // admin of company A
let rep: Member; // plain member of company A
let b: Member; // member of company B

beforeAll(async () => {
  t = await createTestApp();
  a = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: a.companyId });
  b = await t.createMember();
  let ms = new Date('2026-11-20T09:00:00Z').getTime();
  t.setNow(() => new Date((ms += 1000)));
  for (const customer of [
    { name: 'Acme Shipping', domain: 'acme.no', segment: 'Enterprise' },
    { name: 'Nordic Fish AS', domain: 'nordicfish.no', segment: 'SMB' },
    { name: 'Fjordkraft', segment: 'Enterprise' },
    { name: 'Startup Labs', domain: 'labs.io', segment: 'Startup' },
    { name: '100% Organic', segment: 'SMB' },
    { name: 'Acme Ventures' },
    { name: 'Acme Holding' },
    { name: 'Big Acme Group' },
    { name: 'Acme North' },
    { name: 'Acme South' },
  ]) {
    expect((await create(rep, customer)).status).toBe(201);
  }
  expect((await create(b, { name: 'Acme of company B', domain: 'acme-b.no' })).status).toBe(201);
});
afterAll(() => t.close());

function create(member: Member, json: unknown) {
  return t.request('/api/v1/customers', { method: 'POST', as: member, json });
}

async function countCustomers(companyId: string): Promise<number> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT count(*)::int AS n FROM customer_companies WHERE company_id = ${companyId}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  });
}

async function suggest(member: Member, q: string): Promise<string[]> {
  const response = await t.request(`/api/v1/customers/suggest?q=${encodeURIComponent(q)}`, { as: member });
  expect(response.status).toBe(200);
  return ((await response.json()) as CustomerSuggestions).suggestions.map((s) => s.name);
}

async function list(member: Member, search?: string): Promise<string[]> {
  const query = search === undefined ? '' : `?search=${encodeURIComponent(search)}`;
  const response = await t.request(`/api/v1/customers${query}`, { as: member });
  expect(response.status).toBe(200);
  return ((await response.json()) as CustomerList).customers.map((c) => c.name);
}

describe('suggestions (autocomplete)', () => {
  it('start at 2 characters', async () => {
    expect(await suggest(rep, '')).toEqual([]);
    expect(await suggest(rep, 'a')).toEqual([]);
    expect(await suggest(rep, ' f ')).toEqual([]);
    expect(await suggest(rep, 'fj')).toEqual(['Fjordkraft']);
  });

  it('are at most 5 case-insensitive partial matches, names starting with the text first', async () => {
    const names = await suggest(rep, 'ACME');
    expect(names).toHaveLength(5);
    expect(names.every((n) => n.toLowerCase().includes('acme'))).toBe(true);
    expect(names).not.toContain('Big Acme Group'); // six match; the only non-prefix match comes last and is cut
    expect(await suggest(rep, 'shipp')).toEqual(['Acme Shipping']);
  });

  it('take LIKE wildcards literally', async () => {
    expect(await suggest(rep, '0%')).toEqual(['100% Organic']);
    expect(await suggest(rep, '__')).toEqual([]);
  });

  it("never show another company's customers", async () => {
    expect(await suggest(rep, 'company B')).toEqual([]);
    expect(await suggest(b, 'acme')).toEqual(['Acme of company B']);
  });

  it('need a member', async () => {
    expect((await t.request('/api/v1/customers/suggest?q=acme')).status).toBe(401);
  });
});

describe('list and search', () => {
  it('lists every customer of the company, newest first', async () => {
    const names = await list(rep);
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('Acme South');
    expect(names.at(-1)).toBe('Acme Shipping');
  });

  it('matches name, domain or segment, case-insensitively', async () => {
    expect(await list(rep, 'ENTERPRISE')).toEqual(['Fjordkraft', 'Acme Shipping']);
    expect(await list(rep, 'labs.io')).toEqual(['Startup Labs']);
    expect(await list(rep, 'fish')).toEqual(['Nordic Fish AS']);
    expect(await list(rep, 'nothing like this')).toEqual([]);
  });

  it('honours a limit and refuses a bad one', async () => {
    expect(await list(rep, '')).toHaveLength(10);
    const limited = await t.request('/api/v1/customers?limit=2', { as: rep });
    expect(((await limited.json()) as CustomerList).customers).toHaveLength(2);
    const bad = await t.request('/api/v1/customers?limit=0', { as: rep });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe('invalid_input');
  });

  it('company B sees only its own', async () => {
    expect(await list(b)).toEqual(['Acme of company B']);
    expect(await list(b, 'enterprise')).toEqual([]);
  });
});

describe('create', () => {
  it('any member may create; fields are trimmed, empty becomes null, point value defaults to 0', async () => {
    const response = await create(rep, { name: '  Polar Tech  ', domain: '  ', segment: ' SMB ' });
    expect(response.status).toBe(201);
    const customer = (await response.json()) as Customer;
    expect(customer).toMatchObject({ name: 'Polar Tech', domain: null, segment: 'SMB', pointValue: 0 });
    const withValue = (await (await create(rep, { name: 'Valued AS', pointValue: 7 })).json()) as Customer;
    expect(withValue.pointValue).toBe(7);
  });

  it('refuses a duplicate name, whatever its case, with a 409 and a clear message', async () => {
    const before = await countCustomers(a.companyId);
    const response = await create(a, { name: ' acme SHIPPING ' });
    expect(response.status).toBe(409);
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: 'customer_exists', message: 'A customer named "acme SHIPPING" already exists.' });
    expect(await countCustomers(a.companyId)).toBe(before);
  });

  it('the same name in another company is fine', async () => {
    expect((await create(b, { name: 'Fjordkraft' })).status).toBe(201);
  });

  it.each<[string, unknown, string]>([
    ['a blank name', { name: '   ' }, 'name'],
    ['no name', { domain: 'x.no' }, 'name'],
    ['a name that is too long', { name: 'x'.repeat(201) }, 'name'],
    ['a negative point value', { name: 'Negative AS', pointValue: -1 }, 'pointValue'],
    ['a fractional point value', { name: 'Fraction AS', pointValue: 1.5 }, 'pointValue'],
    ['a domain that is too long', { name: 'Long Domain AS', domain: 'd'.repeat(254) }, 'domain'],
  ])('refuses %s and writes nothing', async (_label, body, field) => {
    const before = await countCustomers(a.companyId);
    const response = await create(rep, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as ErrorBody;
    expect(error.error.code).toBe('invalid_input');
    expect(error.error.details?.[field]).toBeTruthy();
    expect(await countCustomers(a.companyId)).toBe(before);
  });

  it('a blank name says so plainly', async () => {
    const error = (await (await create(rep, { name: ' ' })).json()) as ErrorBody;
    expect(error.error.details?.name).toBe('Please enter a customer name');
  });

  it('concurrent creates of the same name make one customer; the others get 409', async () => {
    const responses = await Promise.all(
      ['Race Condition AS', 'race condition as', 'RACE CONDITION AS', ' Race Condition AS '].map((name) => create(rep, { name })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await list(rep, 'race condition')).toHaveLength(1);
  });

  it('needs a member', async () => {
    expect((await t.request('/api/v1/customers', { method: 'POST', json: { name: 'Anon AS' } })).status).toBe(401);
    const loner = await t.createUser();
    expect((await t.request('/api/v1/customers', { method: 'POST', as: loner, json: { name: 'Loner AS' } })).status).toBe(403);
  });
});
