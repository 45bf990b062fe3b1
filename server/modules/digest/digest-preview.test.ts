import type { DigestPreview, DigestPreviewSent } from '@core/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findRecentMail } from '../../mail/mailer';
import { createTestApp, type TestApp } from '../../test/test-app';

/* The weekly digest before Monday (decision 088): an admin previews this week's and mails it to themself. */

type Member = Awaited<ReturnType<TestApp['createMember']>>;
let t: TestApp;
let admin: Member;
let rep: Member;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-12-02T10:00:00Z') }); // a Wednesday in Oslo
  admin = await t.createMember({ role: 'admin', name: 'Astrid Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Ola Rep' });
  for (const member of [admin, rep]) {
    const logged = await t.request('/api/v1/activities', { method: 'POST', as: member, json: { kind: 'call', answered: false } });
    expect(logged.status).toBe(201);
  }
});
afterAll(() => t.close());

describe("an admin's digest preview", () => {
  it("shows this week's digest so far, as Monday's mail, and when it goes out; reps may not", async () => {
    const response = await t.request('/api/v1/digest/preview', { as: admin });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as DigestPreview;
    expect(preview).toMatchObject({ weekStart: '2026-11-30', weekEnd: '2026-12-06', sendsAt: '2026-12-07T06:00:00.000Z', isEmpty: false });
    expect(preview.subject.length).toBeGreaterThan(0);
    // The admin's own call and the company's week (two calls).
    expect(preview.html).toContain('Astrid Admin');
    expect(preview.html).not.toContain('<script');
    expect((await t.request('/api/v1/digest/preview', { as: rep })).status).toBe(403);
    expect((await t.request('/api/v1/digest/preview/send', { method: 'POST', as: rep })).status).toBe(403);
  });

  it('paces the week so far as the app does, not as if it had ended: 3 of 5 calls by Wednesday is ahead', async () => {
    const target = await t.request('/api/v1/targets', {
      method: 'POST',
      as: admin,
      json: { userId: rep.id, metric: 'calls', period: 'week', value: 5, effectiveFrom: '2026-12-02' },
    });
    expect(target.status, await target.clone().text()).toBe(201);
    for (let i = 0; i < 2; i++) {
      expect((await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } })).status).toBe(
        201,
      );
    }
    // The app's card: ahead of the pace by Wednesday morning.
    const mine = await (await t.request('/api/v1/targets/me', { as: rep })).json();
    expect(mine).toMatchObject({ targets: [expect.objectContaining({ metric: 'calls', progress: 3, pace: 'ahead' })] });
    // The admin's preview of the team's week says the same: nobody behind (as ended, 3 of 5 would be).
    const preview = (await (await t.request('/api/v1/digest/preview', { as: admin })).json()) as DigestPreview;
    expect(preview.html).toContain('Nobody is behind pace on their targets.');
  });

  it('mails it to the admin themself, marked as a preview, and to nobody else', async () => {
    const before = (await findRecentMail(t.db, 500)).length;
    const response = await t.request('/api/v1/digest/preview/send', { method: 'POST', as: admin });
    expect(response.status).toBe(200);
    expect((await response.json()) as DigestPreviewSent).toEqual({ sentTo: admin.email });
    const mails = (await findRecentMail(t.db, 500)).slice(0, (await findRecentMail(t.db, 500)).length - before);
    expect(mails.map((mail) => mail.to)).toEqual([admin.email]);
    expect(mails[0]!.subject).toMatch(/^\[Preview\] /);
    // A preview is not the week's digest: Monday's mail still goes (no digest key is taken).
    expect(mails[0]!.dedupeKey ?? null).toBeNull();
  });
});
