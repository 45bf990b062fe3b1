import { createHmac, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Activity,
  ActivityType,
  CreatedInboundSource,
  InboundMapping,
  InboundPayloadList,
  InboundReceipt,
  InboundSource,
  MyActivities,
} from '@core/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Inbound sources (decision 120), on both engines: an admin's sources, a signed payload logged once
 * as its member by the mapping, updated and deleted by the same record, and every refusal kept with
 * its reason: a wrong or old signature, a message sent again, an unknown member, an archived type,
 * a body too large or not JSON.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Kari Rep' });
});
afterAll(() => t?.close());

async function ok<T>(response: Response): Promise<T> {
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A Zapier-shaped mapping: the record's id, its owner's e-mail, its kind by a word, the customer and time. */
const callMapping: InboundMapping = {
  externalId: { path: 'id' },
  member: { path: 'owner.email', by: 'email' },
  kind: { path: 'type', values: { CALL: 'call', DEAL: 'sale', MEETING: 'meeting' } },
  outcome: { path: 'disposition', values: { connected: 'no_progress', booked: 'meeting_booked', 'no-answer': 'not_answered' } },
  value: { path: 'amount', unit: 'major' },
  customer: { path: 'company' },
  deleted: { path: 'event', values: ['deleted'] },
};

async function createSource(as: Member, json: Record<string, unknown>): Promise<CreatedInboundSource> {
  return ok<CreatedInboundSource>(await t.request('/api/v1/admin/inbound-sources', { method: 'POST', as, json }));
}

/** Sends a payload as the source's system would: Standard Webhooks signed with its secret, no browser. */
async function send(
  source: CreatedInboundSource,
  payload: unknown,
  options: { messageId?: string; at?: Date; secret?: string; raw?: string } = {},
): Promise<{ status: number; receipt?: InboundReceipt; error?: { code: string; message: string } }> {
  const body = options.raw ?? JSON.stringify(payload);
  const messageId = options.messageId ?? `msg_${randomUUID()}`;
  const at = options.at ?? new Date();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (source.signature === 'standard_webhooks') {
    headers['webhook-id'] = messageId;
    headers['webhook-timestamp'] = String(Math.floor(at.getTime() / 1000));
    headers['webhook-signature'] = new Webhook(options.secret ?? source.secret).sign(messageId, at, body);
  } else {
    headers[source.signatureHeader] = `sha256=${createHmac('sha256', options.secret ?? source.secret)
      .update(body)
      .digest('hex')}`;
  }
  const response = await t.request(`/api/v1/inbound/${source.id}`, { method: 'POST', body, headers, noOrigin: true });
  const answer = (await response.json()) as InboundReceipt | { error: { code: string; message: string } };
  // Taken: what became of it; refused: the API's one error shape, its code naming the reason.
  return 'error' in answer ? { status: response.status, error: answer.error } : { status: response.status, receipt: answer };
}

const payloadsOf = async (source: { id: string }) =>
  (await ok<InboundPayloadList>(await t.request(`/api/v1/admin/inbound-sources/${source.id}/payloads`, { as: admin }))).payloads;
const todayOf = async (member: Member) => (await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: member }))).activities;

describe('inbound sources', () => {
  it('are an admin’s: added with a URL and a secret shown once, listed without it; a rep is refused', async () => {
    expect((await t.request('/api/v1/admin/inbound-sources', { method: 'POST', as: rep, json: { name: 'Zapier' } })).status).toBe(403);
    const source = await createSource(admin, { name: 'Zapier' });
    expect(source.secret).toMatch(/^whsec_/);
    expect(source.url).toMatch(new RegExp(`/api/v1/inbound/${source.id}$`));
    expect(source.mapping).toBeNull();
    const { sources } = await ok<{ sources: InboundSource[] }>(await t.request('/api/v1/admin/inbound-sources', { as: admin }));
    const listed = sources.find((s) => s.id === source.id)!;
    expect(listed).toMatchObject({ name: 'Zapier', signature: 'standard_webhooks' });
    expect(listed).not.toHaveProperty('secret');
    // Another company's admin neither sees nor changes it.
    const other = await t.createMember({ role: 'admin', name: 'Other Admin' });
    const theirs = await ok<{ sources: InboundSource[] }>(await t.request('/api/v1/admin/inbound-sources', { as: other }));
    expect(theirs.sources.map((s) => s.id)).not.toContain(source.id);
    expect(
      (await t.request(`/api/v1/admin/inbound-sources/${source.id}`, { method: 'PATCH', as: other, json: { enabled: false } })).status,
    ).toBe(404);
    expect((await t.request(`/api/v1/admin/inbound-sources/${source.id}/payloads`, { as: other })).status).toBe(404);
  });

  it('keeps what an unmapped source sends for the mapping, and logs a mapped one’s call once, as its member', async () => {
    const source = await createSource(admin, { name: 'Make' });
    const call = { id: 'call-1', type: 'CALL', disposition: 'booked', owner: { email: rep.email.toUpperCase() }, company: 'Fjord AS' };
    const kept = await send(source, call);
    expect(kept).toMatchObject({ status: 202, receipt: { result: 'kept' } });
    expect((await payloadsOf(source))[0]).toMatchObject({ result: 'kept', body: call });
    expect(await todayOf(rep)).toEqual([]);

    await ok(await t.request(`/api/v1/admin/inbound-sources/${source.id}`, { method: 'PATCH', as: admin, json: { mapping: callMapping } }));
    const logged = await send(source, call, { messageId: 'msg_first' });
    expect(logged).toMatchObject({ status: 200, receipt: { result: 'logged' } });
    const [activity] = await todayOf(rep);
    expect(activity).toMatchObject({ id: logged.receipt!.activityId, kind: 'call', outcome: 'meeting_booked', customerName: 'Fjord AS' });
    expect(activity!.pointsEarned).toBeGreaterThan(0);

    // The same message again (a sender's retry): taken once.
    expect(await send(source, call, { messageId: 'msg_first' })).toMatchObject({ status: 200, receipt: { result: 'unchanged' } });
    // The same record in a new message, unchanged, then changed: nothing, then an edit of the same activity.
    expect(await send(source, call)).toMatchObject({ status: 200, receipt: { result: 'unchanged', activityId: activity!.id } });
    const updated = await send(source, { ...call, disposition: 'connected', company: 'Fjord Holding AS' });
    expect(updated).toMatchObject({ status: 200, receipt: { result: 'updated', activityId: activity!.id } });
    expect(await todayOf(rep)).toEqual([
      expect.objectContaining({ id: activity!.id, outcome: 'no_progress', customerName: 'Fjord Holding AS' }),
    ]);
    // Deleted in the sender: gone here.
    expect(await send(source, { id: 'call-1', event: 'deleted' })).toMatchObject({ status: 200, receipt: { result: 'deleted' } });
    expect(await todayOf(rep)).toEqual([]);
    expect((await payloadsOf(source)).map((p) => p.result)).toEqual(['deleted', 'updated', 'unchanged', 'logged', 'kept']);
  });

  it('logs the same record sent five times at once exactly once', async () => {
    const source = await createSource(admin, { name: 'n8n', mapping: callMapping });
    const sale = { id: 'deal-7', type: 'DEAL', amount: '12500.50', owner: { email: rep.email } };
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(source, sale)));
    // Each one answered as the first was logged (or as its record, already there, is unchanged).
    expect(answers.every((a) => a.status === 200 && ['logged', 'unchanged'].includes(a.receipt!.result))).toBe(true);
    const ids = new Set(answers.map((a) => a.receipt!.activityId));
    expect(ids.size).toBe(1);
    const sales = (await todayOf(rep)).filter((a: Activity) => a.kind === 'sale');
    expect(sales).toEqual([expect.objectContaining({ ticketSize: 1_250_050 })]);
  });

  it('checks an HMAC of the body in the source’s header', async () => {
    const source = await createSource(admin, {
      name: 'Home-made',
      signature: 'hmac_sha256',
      signatureHeader: 'X-Dealboard-Signature',
      mapping: callMapping,
    });
    expect(source.signatureHeader).toBe('x-dealboard-signature');
    const meeting = { id: 'm-1', type: 'MEETING', owner: { email: rep.email } };
    expect(await send(source, meeting)).toMatchObject({ status: 200, receipt: { result: 'logged' } });
    expect(await send(source, { ...meeting, id: 'm-2' }, { secret: 'whsec_not-the-secret' })).toMatchObject({
      status: 401,
      error: { code: 'bad_signature' },
    });
  });

  it('refuses a wrong or old signature, an unknown member, an archived type, a body too large or not JSON, each with its reason', async () => {
    const type = await ok<ActivityType>(
      await t.request('/api/v1/activity-types', {
        method: 'POST',
        as: admin,
        json: { names: { en: 'Demo' }, icon: 'presentation', colour: 'green', points: 3, outcomes: [], fields: [], bonus: null },
      }),
    );
    const source = await createSource(admin, {
      name: 'Refusals',
      mapping: { ...callMapping, kind: { path: 'type', values: { CALL: 'call', DEMO: type.id } }, outcome: null },
    });
    const call = { id: 'r-1', type: 'CALL', owner: { email: rep.email } };
    expect(await send(source, call, { secret: 'whsec_QUJDREVGR0hJSktMTU5PUFFSU1RVVldY' })).toMatchObject({ status: 401 });
    expect(await send(source, call, { at: new Date(Date.now() - 10 * 60_000) })).toMatchObject({ status: 401 });
    expect(await send(source, { ...call, owner: { email: 'nobody@example.com' } })).toMatchObject({
      status: 422,
      error: { code: 'unknown_member', message: 'No member of your company with the e-mail address nobody@example.com.' },
    });
    await ok(await t.request(`/api/v1/activity-types/${type.id}/archive`, { method: 'POST', as: admin }));
    expect(await send(source, { ...call, type: 'DEMO' })).toMatchObject({
      status: 422,
      error: { code: 'archived_type', message: 'The activity type Demo is archived: it is no longer logged.' },
    });
    expect(await send(source, call, { raw: '{"id": "r-1", ' })).toMatchObject({ status: 400, error: { code: 'invalid_json' } });
    expect(await send(source, call, { raw: JSON.stringify({ ...call, padding: 'x'.repeat(70 * 1024) }) })).toMatchObject({
      status: 413,
      error: { code: 'payload_too_large' },
    });
    // What the secret signed is kept with its reason (and its body, when JSON); what it did not sign, or
    // what was too large to check, is answered with its reason and kept nowhere.
    const payloads = await payloadsOf(source);
    expect(payloads.map((p) => p.refusal)).toEqual(['not_json', 'archived_type', 'unknown_member']);
    expect(payloads.map((p) => p.body)).toEqual([
      null,
      expect.objectContaining({ type: 'DEMO' }),
      expect.objectContaining({ owner: { email: 'nobody@example.com' } }),
    ]);
    expect(payloads[1]!.reason).toBe('The activity type Demo is archived: it is no longer logged.');
    // Nothing of these was logged: no call r-1, no demo.
    expect((await todayOf(rep)).filter((a) => a.kind === 'custom' || a.customerName !== null)).toEqual([]);
  });

  it('answers 404 for no such source and 409 for one switched off, logging nothing', async () => {
    const source = await createSource(admin, { name: 'Off', mapping: callMapping });
    await ok(await t.request(`/api/v1/admin/inbound-sources/${source.id}`, { method: 'PATCH', as: admin, json: { enabled: false } }));
    expect(await send(source, { id: 'off-1', type: 'CALL', owner: { email: rep.email } })).toMatchObject({
      status: 409,
      error: { code: 'source_disabled' },
    });
    expect(await send({ ...source, id: randomUUID() }, { id: 'x' })).toMatchObject({ status: 404, error: { code: 'not_found' } });
    expect((await t.request('/api/v1/inbound/not-a-uuid', { method: 'POST', body: '{}', noOrigin: true })).status).toBe(400);
  });
});
