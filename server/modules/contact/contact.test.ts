import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ContactRequestList, ContactRequestView } from '@core/contracts';
import { CONTACT_RATE_LIMIT } from '@core/contracts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
let operatorAdmin: TestUser;
let operatorRep: TestUser;
let otherAdmin: TestUser;
let clock = new Date('2026-03-02T09:00:00Z');
let ipCounter = 0;
/** A fresh client address per test, so the per-address limit of one test never touches another. */
const nextIp = () => `203.0.113.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' }, now: () => clock });
  // The single-tenant company runs this installation; its first member is its admin.
  operatorAdmin = await t.createUser({ name: 'Olga Operator' });
  expect((await t.request('/api/v1/me/provision', { method: 'POST', as: operatorAdmin })).status).toBe(200);
  operatorRep = await t.createUser({ name: 'Rolf Rep' });
  expect((await t.request('/api/v1/me/provision', { method: 'POST', as: operatorRep })).status).toBe(200);
  otherAdmin = await t.createMember({ role: 'admin', name: 'Other Company Admin' });
});
afterAll(() => t.close());

const valid = {
  name: '  Kari Nordmann ',
  email: 'Kari.Nordmann@Fjordsalg.NO',
  company: 'Fjordsalg AS',
  teamSize: '21-50',
  message: 'We would like a demo for our 30 sellers in Bergen and Oslo.',
};

function send(json: unknown, ip = nextIp()) {
  return t.request('/api/v1/contact', { method: 'POST', json, headers: { 'x-forwarded-for': ip } });
}

async function inbox(as: TestUser, status?: string): Promise<ContactRequestList> {
  const response = await t.request(`/api/v1/admin/contact-requests${status ? `?status=${status}` : ''}`, { as });
  expect(response.status).toBe(200);
  return (await response.json()) as ContactRequestList;
}

const findByMessage = async (message: string) => (await inbox(operatorAdmin)).requests.find((r) => r.message === message);

describe('POST /api/v1/contact', () => {
  it('stores a request from anyone (no sign-in), trimmed, e-mail lower-cased', async () => {
    const response = await send(valid);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ received: true });
    const stored = await findByMessage(valid.message);
    expect(stored).toMatchObject({
      name: 'Kari Nordmann',
      email: 'kari.nordmann@fjordsalg.no',
      company: 'Fjordsalg AS',
      teamSize: '21-50',
      handledAt: null,
      createdAt: clock.toISOString(),
    });
  });

  it('keeps an empty company as null', async () => {
    const message = 'Just me and a colleague for now, is Free enough?';
    expect((await send({ ...valid, company: '', teamSize: '1-5', message })).status).toBe(201);
    expect(await findByMessage(message)).toMatchObject({ company: null, teamSize: '1-5' });
  });

  it('answers bad input with a 400 naming every bad field, and stores nothing', async () => {
    const before = (await inbox(operatorAdmin)).requests.length;
    const response = await send({ name: ' ', email: 'not-an-address', company: 'x'.repeat(121), teamSize: 'huge', message: 'hi' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.error.code).toBe('invalid_input');
    expect(body.error.details).toEqual({
      name: 'Enter your name',
      email: 'Enter a valid e-mail address, like name@company.no',
      company: 'The company name can be at most 120 characters',
      teamSize: 'Choose the size of your team',
      message: 'Tell us a little more (at least 10 characters)',
    });
    expect((await inbox(operatorAdmin)).requests.length).toBe(before);
  });

  it.each([
    ['no body fields', {}, ['name', 'email', 'teamSize', 'message']],
    ['a message that is too long', { ...valid, message: 'x'.repeat(4001) }, ['message']],
    ['a name that is not text', { ...valid, name: 42 }, ['name']],
  ])('rejects %s', async (_label, json, fields) => {
    const response = await send(json);
    expect(response.status).toBe(400);
    expect(Object.keys(((await response.json()) as ApiError).error.details!).sort()).toEqual([...fields].sort());
  });

  it('is a 400, not a 500, for a body that is not JSON', async () => {
    const response = await t.app.request('/api/v1/contact', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: '{"name":',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.code).toBe('invalid_json');
  });

  it('pretends to accept a request whose hidden field is filled (a bot) and stores nothing', async () => {
    const message = 'Buy cheap followers now, best prices guaranteed!';
    const response = await send({ ...valid, message, website: 'https://spam.example' });
    expect(response.status).toBe(201);
    expect(await findByMessage(message)).toBeUndefined();
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} requests per address per hour, then answers 429 with a clear message`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) {
      expect((await send({ ...valid, message: `Request number ${i + 1} from one office` }, ip)).status).toBe(201);
    }
    const refused = await send({ ...valid, message: 'One request too many from this office' }, ip);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as ApiError;
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/try again later/);
    expect(await findByMessage('One request too many from this office')).toBeUndefined();

    // Another address is not affected, and the same one may send again an hour later.
    expect((await send(valid, nextIp())).status).toBe(201);
    clock = new Date(clock.getTime() + CONTACT_RATE_LIMIT.windowSeconds * 1000 + 1000);
    expect((await send({ ...valid, message: 'Back again after lunch, still keen' }, ip)).status).toBe(201);
  });
});

describe('the admin Inbox: /api/v1/admin/contact-requests', () => {
  it('refuses the signed-out, members who are not admins, and admins of other companies', async () => {
    expect((await t.request('/api/v1/admin/contact-requests')).status).toBe(401);
    const asRep = await t.request('/api/v1/admin/contact-requests', { as: operatorRep });
    expect(asRep.status).toBe(403);
    expect(((await asRep.json()) as ApiError).error.message).toBe('Access denied. You need administrator privileges to access this page.');
    const asOther = await t.request('/api/v1/admin/contact-requests', { as: otherAdmin });
    expect(asOther.status).toBe(403);
    const anyId = (await inbox(operatorAdmin)).requests[0]!.id;
    expect(
      (await t.request(`/api/v1/admin/contact-requests/${anyId}`, { method: 'PATCH', as: otherAdmin, json: { handled: true } })).status,
    ).toBe(403);
    expect((await t.request(`/api/v1/admin/contact-requests/${anyId}`, { method: 'DELETE', as: otherAdmin })).status).toBe(403);
  });

  it('lists newest first with the count of open requests', async () => {
    const list = await inbox(operatorAdmin);
    const times = list.requests.map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.openCount).toBe(list.requests.filter((r) => r.handledAt === null).length);
  });

  it('marks a request handled and open again, filters by status, and deletes it', async () => {
    const message = 'Please call me about Enterprise pricing next week.';
    expect((await send({ ...valid, message })).status).toBe(201);
    const request = (await findByMessage(message))!;
    const openBefore = (await inbox(operatorAdmin)).openCount;

    const handled = await t.request(`/api/v1/admin/contact-requests/${request.id}`, {
      method: 'PATCH',
      as: operatorAdmin,
      json: { handled: true },
    });
    expect(handled.status).toBe(200);
    expect(((await handled.json()) as ContactRequestView).handledAt).toBe(clock.toISOString());
    expect((await inbox(operatorAdmin)).openCount).toBe(openBefore - 1);
    expect((await inbox(operatorAdmin, 'handled')).requests.map((r) => r.id)).toContain(request.id);
    expect((await inbox(operatorAdmin, 'open')).requests.map((r) => r.id)).not.toContain(request.id);

    const reopened = await t.request(`/api/v1/admin/contact-requests/${request.id}`, {
      method: 'PATCH',
      as: operatorAdmin,
      json: { handled: false },
    });
    expect(((await reopened.json()) as ContactRequestView).handledAt).toBeNull();

    expect((await t.request(`/api/v1/admin/contact-requests/${request.id}`, { method: 'DELETE', as: operatorAdmin })).status).toBe(200);
    expect(await findByMessage(message)).toBeUndefined();
    expect((await t.request(`/api/v1/admin/contact-requests/${request.id}`, { method: 'DELETE', as: operatorAdmin })).status).toBe(404);
  });

  it('answers bad ids and bodies with a 400', async () => {
    expect(
      (await t.request('/api/v1/admin/contact-requests/nope', { method: 'PATCH', as: operatorAdmin, json: { handled: true } })).status,
    ).toBe(400);
    const id = (await inbox(operatorAdmin)).requests[0]!.id;
    expect(
      (await t.request(`/api/v1/admin/contact-requests/${id}`, { method: 'PATCH', as: operatorAdmin, json: { handled: 'yes' } })).status,
    ).toBe(400);
    expect((await t.request('/api/v1/admin/contact-requests?status=spam', { as: operatorAdmin })).status).toBe(400);
  });
});
