import { Webhook } from 'standardwebhooks';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createFixtures } from './test/fixtures';
import { type Call, callOperation, findMountedRoutes, readOperations, toHonoPath } from './test/openapi';
import { createSnapshotter } from './test/snapshot';
import { createTestApp, type TestUser } from './test/test-app';

/*
 * The authorization matrix: every endpoint of the API (read from the OpenAPI document, so a new
 * route cannot hide) x every kind of caller, with the status each must get, and proof that a
 * refused request wrote nothing. A route without an entry here fails this test: whoever adds an
 * endpoint decides, in this one table, who may call it.
 *
 * Callers: anonymous; `user` (a member of company A); `admin` (an admin of A); `otherAdmin` (an
 * admin of company B). Ids in paths always name company A's things, so otherAdmin reaching for
 * them must find nothing; routes without ids act on the caller's own company.
 */

const PERSONAS = ['anonymous', 'user', 'otherAdmin', 'admin'] as const; // admin last: its calls succeed and change things
type Persona = (typeof PERSONAS)[number];
type Statuses = Record<Persona, number>;

type Entry = { expect: Statuses; prepare?: (persona: Persona) => Promise<Call> };

const t = await createTestApp();
afterAll(() => t.close());

const fixtures = createFixtures(t);
const admin = await fixtures.provisioned('Admin of A');
const companyA = admin.companyId;
const user = await fixtures.provisioned('User of A');
const otherAdmin = await t.createMember({ role: 'admin', name: 'Admin of B' });
const callers: Record<Persona, TestUser | null> = { anonymous: null, user, otherAdmin, admin };

// ---- fixtures in company A -----------------------------------------------------------------------

const invitationOfA = () => fixtures.invitation(admin);
const displayLinkOfA = () => fixtures.displayLink(admin);
const playlistOfA = () => fixtures.tvPlaylist(admin);
/** A link of A pointed at a playlist of A, with the id of the playlist's first screen. */
async function playlistLinkOfA(): Promise<{ token: string; screenId: string }> {
  const [link, playlist] = await Promise.all([displayLinkOfA(), playlistOfA()]);
  const response = await t.request(`/api/v1/display-links/${link.link.id}/playlist`, {
    method: 'PUT',
    as: admin,
    json: { playlistId: playlist.id },
  });
  if (response.status !== 200) throw new Error(`point link: ${response.status} ${await response.text()}`);
  return { token: link.token, screenId: playlist.screens[0]!.id };
}
/** An invitation of A sent by e-mail (only those can be resent). */
async function emailedInvitationOfA(): Promise<string> {
  const email = `mailed-${crypto.randomUUID().slice(0, 8)}@example.com`;
  await fixtures.post(admin, '/api/v1/invitations/send', { emails: [email] });
  const list = (await (await t.request('/api/v1/invitations', { as: admin })).json()) as {
    invitations: { id: string; email: string | null }[];
  };
  return list.invitations.find((i) => i.email === email)!.id;
}
const activityOfUser = () => fixtures.activity(user);
const memberOfA = () => t.createMember({ companyId: companyA, role: 'user' });
const kpiRuleOfA = () => fixtures.kpiRuleId(admin);
/** A new team of A (the admin of A made it). */
const teamOfA = async (): Promise<string> => {
  const response = await callOperation(t, 'POST /api/v1/teams', { json: { name: `Team ${crypto.randomUUID().slice(0, 8)}` } }, admin);
  if (response.status !== 201) throw new Error(`team: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
};
const customerOfA = () => fixtures.customer(admin, `Customer ${unique()}`);
const activityTypeBody = () => ({
  names: { en: `Type ${unique()}` },
  icon: 'star',
  colour: 'blue',
  points: 1,
  outcomes: [],
  fields: [],
  bonus: null,
});
const activityTypeOfA = async (): Promise<string> => {
  const response = await callOperation(t, 'POST /api/v1/activity-types', { json: activityTypeBody() }, admin);
  if (response.status !== 201) throw new Error(`activity type: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
};
const kpiBody = () => ({
  names: { en: `KPI ${unique()}` },
  formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['call'] },
  format: 'number',
});
const kpiOfA = async (): Promise<string> => {
  const response = await callOperation(t, 'POST /api/v1/kpis', { json: kpiBody() }, admin);
  if (response.status !== 201) throw new Error(`kpi: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
};
const companyBadgeBody = () => ({
  names: { en: `Badge ${unique()}` },
  icon: 'trophy',
  colour: 'amber',
  kpiId: 'calls',
  threshold: 10,
  period: 'day',
});
const companyBadgeOfA = async (): Promise<string> => {
  const response = await callOperation(t, 'POST /api/v1/badges/company', { json: companyBadgeBody() }, admin);
  if (response.status !== 201) throw new Error(`company badge: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
};
const boardBody = (sharing = 'company') => ({ name: `Board ${unique()}`, sharing, widgets: [{ kind: 'number', kpiId: 'calls' }] });
/** A board the admin of A shared with the company: every member of A sees it, only admins change it. */
const boardOfA = async (): Promise<string> => {
  const response = await callOperation(t, 'POST /api/v1/boards', { json: boardBody() }, admin);
  if (response.status !== 201) throw new Error(`board: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
};
const unique = () => crypto.randomUUID().slice(0, 8);
/** A 2x2 PNG, made once (any decodable picture will do). */
const PNG = new Uint8Array(
  await sharp({ create: { width: 2, height: 2, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer(),
);
const pngUpload = async (): Promise<Call> => ({ body: PNG, headers: { 'content-type': 'image/png' } });
/** The id of a picture the user of A uploaded. */
const avatarOfUser = () => fixtures.avatar(user, PNG);
const contactRequest = () => fixtures.contactRequest();
const apiTokenOfUser = () => fixtures.apiToken(user);
/** A spreadsheet upload (multipart) of one call the user of A made. */
const importUpload = (): Call => {
  const boundary = 'matrix-import-boundary';
  const file = `date,email,type\n${new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)},${user.email},call\n`;
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nactivities\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="calls.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n` +
    `--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
/** An import of A waiting for its commit (the admin of A uploaded it). */
const importPreviewOfA = async (): Promise<{ id: string; mapping: Record<string, number | null> }> => {
  const response = await callOperation(t, 'POST /api/v1/imports', importUpload(), admin);
  if (response.status !== 201) throw new Error(`import upload: ${response.status} ${response.text}`);
  return response.body as { id: string; mapping: Record<string, number | null> };
};
/** An import of A, committed. */
const importOfA = async (): Promise<string> => {
  const preview = await importPreviewOfA();
  const response = await callOperation(
    t,
    'POST /api/v1/imports/{id}/commit',
    { params: { id: preview.id }, json: { mapping: preview.mapping } },
    admin,
  );
  if (response.status !== 200) throw new Error(`import commit: ${response.status} ${response.text}`);
  return preview.id;
};
/** One webhook endpoint of A for the entries that leave it in place (a company holds at most 20). */
let sharedWebhookOfA: Promise<{ id: string }> | null = null;
const webhookOfA = () => (sharedWebhookOfA ??= fixtures.webhookEndpoint(admin));
const chatIntegrationOfA = async () => (await fixtures.chatIntegration(admin)).id;
/** An inbound source of A (decision 120), with its secret; each its own where the entry changes or deletes it. */
const inboundSourceOfA = async (): Promise<{ id: string; secret: string }> => {
  const response = await t.request('/api/v1/admin/inbound-sources', { method: 'POST', as: admin, json: { name: `Source ${unique()}` } });
  if (response.status !== 201) throw new Error(`inbound source: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; secret: string };
};
let sharedInboundSourceOfA: Promise<{ id: string; secret: string }> | null = null;
const sharedInboundSource = () => (sharedInboundSourceOfA ??= inboundSourceOfA());
/** A payload signed with the source's secret, as its system sends it: anyone who has the secret may send. */
const signedPayload = async (): Promise<Call> => {
  const source = await sharedInboundSource();
  const body = JSON.stringify({ id: unique() });
  const messageId = `msg_${unique()}`;
  const at = new Date();
  return {
    params: { id: source.id },
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(source.secret).sign(messageId, at, body),
    },
  };
};
/** A target the admin of A set for the user of A, starting on a date that has not come (each its own). */
let targetYear = 2900;
const targetOfA = async (): Promise<string> => {
  const json = { userId: user.id, metric: 'calls', period: 'week', value: 10, effectiveFrom: `${targetYear++}-01-05` };
  const response = await t.request('/api/v1/targets', { method: 'POST', as: admin, json });
  if (response.status !== 201) throw new Error(`target: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
};
/** A contest of A among everyone, in a far year (each its own, so a delete has its own). */
const contestBody = (extra: Record<string, unknown> = {}) => ({
  name: `Contest ${unique()}`,
  startsOn: '2999-01-04',
  endsOn: '2999-01-10',
  participants: 'everyone',
  mode: 'individual',
  weights: [{ metric: 'calls', weight: 1 }],
  ...extra,
});
const contestOfA = async (extra: Record<string, unknown> = {}): Promise<string> => {
  const response = await t.request('/api/v1/contests', { method: 'POST', as: admin, json: contestBody(extra) });
  if (response.status !== 201) throw new Error(`contest: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
};
/** A company day off of A, on a date of its own. */
let dayOffDay = 1;
const dayOffOfA = async (): Promise<string> => {
  const date = `2031-01-${String(dayOffDay++).padStart(2, '0')}`;
  const response = await t.request('/api/v1/calendar/days-off', { method: 'POST', as: admin, json: { date, label: 'Closed' } });
  if (response.status !== 200) throw new Error(`day off: ${response.status} ${await response.text()}`);
  return date;
};

/** The user of A's wrap-up of today (saved again each time: one per day). */
const wrapupOfUser = async (): Promise<string> => {
  const json = { calls: 3, meetings: 0, sales: 0, points: 0, good: 'Fine', improve: null };
  const response = await t.request('/api/v1/wrapups/today', { method: 'PUT', as: user, json });
  if (response.status !== 200) throw new Error(`wrap-up: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { wrapup: { id: string } }).wrapup.id;
};
/** A follow-up the admin of A wrote about the user of A. */
const coachingNoteOfA = async (): Promise<string> => {
  const json = { kind: 'follow_up', body: `Follow up ${unique()}` };
  const response = await t.request(`/api/v1/coaching/members/${user.id}/notes`, { method: 'POST', as: admin, json });
  if (response.status !== 201) throw new Error(`coaching note: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { followUps: { id: string }[] }).followUps[0]!.id;
};

// ---- expectations -----------------------------------------------------------------------------

const everyone = (status: number): Statuses => ({ anonymous: status, user: status, otherAdmin: status, admin: status });
/** Signed in, no membership needed. */
const signedIn = (status: number, others: Partial<Statuses> = {}): Statuses => ({ ...everyone(status), anonymous: 401, ...others });
/** Any member of a company, on their own company's data. */
const members = (status: number): Statuses => ({ ...everyone(status), anonymous: 401 });
/** Admins only; `otherAdmin` reaching into company A (ids in the path) finds nothing (404). */
const admins = (status: number, otherAdminStatus = status): Statuses => ({
  anonymous: 401,
  user: 403,
  otherAdmin: otherAdminStatus,
  admin: status,
});

const MATRIX: Record<string, Entry> = {
  // onboarding (foundation)
  'GET /api/v1/me': { expect: everyone(200) }, // anonymous gets null: "not signed in" is an answer here
  'POST /api/v1/me/provision': { expect: signedIn(200) },
  'POST /api/v1/access-code/check': { expect: everyone(200), prepare: async () => ({ json: { code: 'guess' } }) },
  'GET /api/v1/public-config': { expect: everyone(200) },

  // KPI rules
  'GET /api/v1/kpi-rules': { expect: members(200) },
  'PATCH /api/v1/kpi-rules/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await kpiRuleOfA() }, json: { basePoints: 3 } }),
  },
  // a built-in kind's points in one save (decision 117): an admin sets their own company's rules
  'PATCH /api/v1/kpi-rules/kinds/{key}': {
    expect: admins(200),
    prepare: async () => ({ params: { key: 'sale' }, json: { points: 11, perValue: 0.5 } }),
  },

  // settings
  'GET /api/v1/me/profile': { expect: members(200) },
  'PATCH /api/v1/me/profile': { expect: members(200), prepare: async () => ({ json: { displayName: 'Renamed' } }) },
  'PUT /api/v1/me/avatar': { expect: members(200), prepare: pngUpload }, // always the caller's own picture
  'DELETE /api/v1/me/avatar': { expect: members(200) },
  // Public: the random id is the key (a signed-out wall screen shows pictures).
  'GET /api/v1/avatars/{id}': { expect: everyone(200), prepare: async () => ({ params: { id: await avatarOfUser() } }) },
  'GET /api/v1/company': { expect: members(200) },
  'PATCH /api/v1/company': { expect: admins(200), prepare: async () => ({ json: { name: `Company ${unique()}` } }) },

  // team
  'GET /api/v1/team/members': { expect: members(200) },
  'PATCH /api/v1/team/members/{userId}/role': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { userId: (await memberOfA()).id }, json: { role: 'admin' } }),
  },
  'PATCH /api/v1/team/members/{userId}/boards': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { userId: (await memberOfA()).id }, json: { onBoards: false } }),
  },
  'DELETE /api/v1/team/members/{userId}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { userId: (await memberOfA()).id } }),
  },

  // teams (decision 040): every member lists them, admins change them; a lead's access is proven in
  // server/modules/teams/teams.test.ts (a lead is a per-team attribute, not a caller kind of its own)
  'GET /api/v1/teams': { expect: members(200) },
  'POST /api/v1/teams': { expect: admins(201), prepare: async () => ({ json: { name: `Team ${unique()}` } }) },
  'PATCH /api/v1/teams/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await teamOfA() }, json: { name: `Team ${unique()}` } }),
  },
  'DELETE /api/v1/teams/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await teamOfA() } }) },
  'PUT /api/v1/teams/{id}/leads': {
    expect: admins(200, 404),
    // A fresh member leads: the user of A stays a rep who leads nothing (the coaching entries below).
    prepare: async () => ({ params: { id: await teamOfA() }, json: { userIds: [(await memberOfA()).id] } }),
  },
  'PUT /api/v1/team/members/{userId}/team': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { userId: (await memberOfA()).id }, json: { teamId: await teamOfA() } }),
  },

  // a company's own activity types (decision 100): every member lists them, admins change them
  'GET /api/v1/activity-types': { expect: members(200) },
  'POST /api/v1/activity-types': { expect: admins(201), prepare: async () => ({ json: activityTypeBody() }) },
  'POST /api/v1/activity-types/templates': { expect: admins(200), prepare: async () => ({ json: { template: 'field_sales' } }) },
  'PUT /api/v1/activity-types/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await activityTypeOfA() }, json: activityTypeBody() }),
  },
  'POST /api/v1/activity-types/{id}/archive': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await activityTypeOfA() } }),
  },
  'POST /api/v1/activity-types/{id}/restore': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await activityTypeOfA() } }),
  },
  'DELETE /api/v1/activity-types/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await activityTypeOfA() } }) },
  // a built-in kind's daily bonus (decision 115): an admin sets their own company's
  'PUT /api/v1/activity-types/built-in/{key}/bonus': {
    expect: admins(200),
    prepare: async () => ({ params: { key: 'meeting' }, json: { bonus: { threshold: 3, points: 5 } } }),
  },
  // a built-in kind's name (decision 116): an admin renames their own company's
  'PUT /api/v1/activity-types/built-in/{key}/names': {
    expect: admins(200),
    prepare: async () => ({ params: { key: 'email' }, json: { names: { en: `Mail ${crypto.randomUUID().slice(0, 8)}` } } }),
  },

  // a company's KPIs (decision 101): every member lists them and reads their values, admins change them
  'GET /api/v1/kpis': { expect: members(200) },
  'GET /api/v1/kpis/values': { expect: members(200), prepare: async () => ({ query: 'from=2026-12-01&to=2026-12-07' }) },
  'POST /api/v1/kpis': { expect: admins(201), prepare: async () => ({ json: kpiBody() }) },
  'PUT /api/v1/kpis/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await kpiOfA() }, json: kpiBody() }) },
  'DELETE /api/v1/kpis/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await kpiOfA() } }) },
  'GET /api/v1/kpis/series': { expect: members(200), prepare: async () => ({ query: 'id=calls&from=2026-12-01&to=2026-12-07' }) },

  // boards (decision 102): anyone makes a private one; the company's are every member's to see and an admin's to change
  'GET /api/v1/boards': { expect: members(200) },
  'GET /api/v1/boards/{id}': { expect: { ...members(200), otherAdmin: 404 }, prepare: async () => ({ params: { id: await boardOfA() } }) },
  'POST /api/v1/boards': { expect: members(201), prepare: async () => ({ json: boardBody('private') }) },
  'PUT /api/v1/boards/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await boardOfA() }, json: boardBody() }) },
  'DELETE /api/v1/boards/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await boardOfA() } }) },
  // a start page: any member who sees the board, for themselves alone; another company's board is not found
  'PUT /api/v1/boards/{id}/home': {
    expect: { ...members(200), otherAdmin: 404 },
    prepare: async () => ({ params: { id: await boardOfA() } }),
  },
  'DELETE /api/v1/boards/{id}/home': {
    expect: { ...members(200), otherAdmin: 404 },
    prepare: async () => ({ params: { id: await boardOfA() } }),
  },

  // invitations
  'POST /api/v1/invitations': { expect: admins(201), prepare: async () => ({ json: { role: 'admin' } }) },
  'GET /api/v1/invitations': { expect: admins(200) },
  'DELETE /api/v1/invitations/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await invitationOfA()).id } }),
  },
  'GET /api/v1/invitations/preview/{code}': {
    expect: everyone(200),
    prepare: async () => ({ params: { code: (await invitationOfA()).code } }),
  },
  'POST /api/v1/invitations/accept': {
    // user and admin already belong to A (told so, invitation left unused); B's admin is refused.
    expect: signedIn(200, { otherAdmin: 409 }),
    prepare: async () => ({ json: { code: (await invitationOfA()).code } }),
  },
  'POST /api/v1/invitations/send': {
    expect: admins(201),
    prepare: async () => ({ json: { emails: [`send-${unique()}@example.com`] } }),
  },
  'POST /api/v1/invitations/{id}/resend': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await emailedInvitationOfA() } }),
  },
  // first-run setup (decision 042)
  'GET /api/v1/setup': { expect: admins(200) },
  'POST /api/v1/setup/steps/{step}': { expect: admins(200), prepare: async () => ({ params: { step: 'timezone' } }) },
  'POST /api/v1/setup/dismiss': { expect: admins(200), prepare: async () => ({ json: {} }) },
  'POST /api/v1/invitations/magic-link': {
    expect: everyone(200),
    prepare: async () => ({ json: { code: (await invitationOfA()).code, email: `join-${unique()}@example.com` } }),
  },

  // administration
  'GET /api/v1/admin/signup-policy': { expect: admins(200) },
  'PUT /api/v1/admin/signup-policy': { expect: admins(200), prepare: async () => ({ json: { policy: 'open' } }) },
  'GET /api/v1/signup-policy': { expect: everyone(200) },
  'GET /api/v1/admin/billing': { expect: admins(200) },
  // the audit log: each company's admins read their own (B's admin gets B's log, never A's)
  'GET /api/v1/admin/audit-log': { expect: admins(200) },
  // the weekly digest before Monday (decision 088): an admin's own, of their own company
  'GET /api/v1/digest/preview': { expect: admins(200) },
  'POST /api/v1/digest/preview/send': { expect: admins(200) },

  // companies (this app runs single-tenant: nobody may create one)
  'POST /api/v1/companies': { expect: signedIn(409), prepare: async () => ({ json: { name: 'Another company' } }) },

  // contact form (public) and its inbox: admins of the company that runs the installation only
  'POST /api/v1/contact': {
    expect: everyone(201),
    prepare: async () => ({ json: { name: 'Lead', email: `lead-${unique()}@example.com`, teamSize: '6-10', message: 'A demo, please' } }),
  },
  'GET /api/v1/admin/contact-requests': { expect: admins(200, 403) },
  'PATCH /api/v1/admin/contact-requests/{id}': {
    expect: admins(200, 403),
    prepare: async () => ({ params: { id: await contactRequest() }, json: { handled: true } }),
  },
  'DELETE /api/v1/admin/contact-requests/{id}': {
    expect: admins(200, 403),
    prepare: async () => ({ params: { id: await contactRequest() } }),
  },

  // scoreboard: every member reads the company's
  'GET /api/v1/scoreboard/kpis': { expect: members(200) },
  'GET /api/v1/scoreboard/team-stats': { expect: members(200) },
  'GET /api/v1/scoreboard/leaderboard': { expect: members(200) },
  'GET /api/v1/scoreboard/recent-activities': { expect: members(200) },
  'GET /api/v1/scoreboard/weekly': { expect: members(200) },
  'GET /api/v1/scoreboard/monthly': { expect: members(200) },
  'GET /api/v1/scoreboard/company': { expect: members(200) },
  'GET /api/v1/scoreboard/teams': { expect: members(200) },

  // display links: the token is the credential of the signed-out board
  'POST /api/v1/display-links': { expect: admins(201), prepare: async () => ({ json: { name: 'Lobby TV' } }) },
  'GET /api/v1/display-links': { expect: admins(200) },
  'DELETE /api/v1/display-links/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await displayLinkOfA()).link.id } }),
  },
  'GET /api/v1/display/{token}/leaderboard': {
    expect: everyone(200),
    prepare: async () => ({ params: { token: (await displayLinkOfA()).token } }),
  },
  'PUT /api/v1/display-links/{id}/playlist': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await displayLinkOfA()).link.id }, json: { playlistId: (await playlistOfA()).id } }),
  },
  'GET /api/v1/display/{token}/playlist': {
    expect: everyone(200),
    prepare: async () => ({ params: { token: (await playlistLinkOfA()).token } }),
  },
  'GET /api/v1/display/{token}/screens/{screenId}': {
    expect: everyone(200),
    prepare: async () => {
      const link = await playlistLinkOfA();
      return { params: { token: link.token, screenId: link.screenId } };
    },
  },
  // TV playlists (decision 052): admins only
  'GET /api/v1/tv-playlists': { expect: admins(200) },
  'POST /api/v1/tv-playlists': {
    expect: admins(201),
    prepare: async () => ({ json: { name: 'Floor', screens: [{ kind: 'week', durationSeconds: 30 }] } }),
  },
  'PUT /api/v1/tv-playlists/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({
      params: { id: (await playlistOfA()).id },
      json: { name: 'Renamed', screens: [{ kind: 'kpi', metric: 'calls', durationSeconds: 15 }] },
    }),
  },
  'DELETE /api/v1/tv-playlists/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: (await playlistOfA()).id } }) },

  // live event streams (decision 020): a 200 is the stream's first bytes; callAs then closes it
  'GET /api/v1/events': { expect: members(200) },
  'GET /api/v1/display/{token}/events': {
    expect: everyone(200),
    prepare: async () => ({ params: { token: (await displayLinkOfA()).token } }),
  },

  // activities, customers, goals, stats, wrap-ups: members act as themselves
  'POST /api/v1/activities': { expect: members(201), prepare: async () => ({ json: { kind: 'call', answered: false } }) },
  // the sync feed: a rep's own, an admin's company (B's admin reads B's)
  'GET /api/v1/activities': { expect: members(200) },
  'GET /api/v1/activities/mine': { expect: members(200) },
  'GET /api/v1/activities/log-options': { expect: members(200) },
  'GET /api/v1/activities/{id}': {
    // The rep who logged it, or the company's admin (who corrects it); another company finds nothing.
    expect: { anonymous: 401, user: 200, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ params: { id: (await activityOfUser()).id } }),
  },
  'PATCH /api/v1/activities/{id}': {
    // The rep who logged it, or the company's admin (corrections, decision 041); another company finds nothing.
    expect: { anonymous: 401, user: 200, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ params: { id: (await activityOfUser()).id }, json: { notes: 'Edited' } }),
  },
  'DELETE /api/v1/activities/{id}': {
    expect: { anonymous: 401, user: 200, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ params: { id: (await activityOfUser()).id } }),
  },
  'GET /api/v1/customers/suggest': { expect: members(200), prepare: async () => ({ query: 'q=ac' }) },
  'GET /api/v1/customers': { expect: members(200) },
  'POST /api/v1/customers': { expect: members(201), prepare: async () => ({ json: { name: `Customer ${unique()}` } }) },
  // customers' corrections (decision 041): admins only
  'PATCH /api/v1/customers/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await customerOfA()).id }, json: { name: `Renamed ${unique()}` } }),
  },
  'POST /api/v1/customers/{id}/merge': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await customerOfA()).id }, json: { into: (await customerOfA()).id } }),
  },
  'GET /api/v1/goals/me': { expect: members(200) },
  'PUT /api/v1/goals/me': {
    expect: members(200),
    prepare: async () => ({ json: { dailyCalls: 20, dailyMeetings: 2, dailySales: 1 } }),
  },
  // a team lead's people's goals (decision 044): a rep leads no one (403); a lead's reach is TEAM_SCOPED below
  'GET /api/v1/goals/team': { expect: admins(200) },
  'PUT /api/v1/goals/members/{userId}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { userId: (await memberOfA()).id }, json: { dailyCalls: 20, dailyMeetings: 2, dailySales: 1 } }),
  },
  'GET /api/v1/stats/me/today': { expect: members(200) },
  'GET /api/v1/wrapups/today': { expect: members(200) },
  'PUT /api/v1/wrapups/today': {
    expect: members(200),
    prepare: async () => ({ json: { calls: 3, meetings: 1, sales: 0, points: 5, good: 'Calls', improve: 'Notes' } }),
  },
  'GET /api/v1/wrapups/history': { expect: members(200) },

  // exports (decision 034): files of the caller's company. Reps export their own activities,
  // wrap-ups and goals and are refused a colleague's (403); admins export anyone's; another
  // company's admin naming A's member finds nobody (404). Leaderboard and members: any member.
  'GET /api/v1/exports/activities': {
    expect: { anonymous: 401, user: 200, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ query: `period=month&member=${user.id}` }), // the rep names themself
  },
  'GET /api/v1/exports/wrapups': {
    expect: { anonymous: 401, user: 403, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ query: `period=week&member=${admin.id}` }), // the rep names a colleague
  },
  'GET /api/v1/exports/goals': {
    expect: { anonymous: 401, user: 403, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ query: `format=xlsx&member=${admin.id}` }),
  },
  'GET /api/v1/exports/leaderboard': { expect: members(200), prepare: async () => ({ query: 'period=month&format=xlsx' }) },
  'GET /api/v1/exports/kpis': { expect: members(200), prepare: async () => ({ query: 'period=month&format=xlsx' }) },
  'GET /api/v1/exports/members': { expect: members(200) },

  // personal access tokens (decision 035): a member's own; an admin's view of the company's
  'POST /api/v1/me/api-tokens': {
    expect: members(201),
    prepare: async () => ({ json: { name: `Token ${unique()}`, scopes: ['stats:read'], expiresInDays: 30 } }),
  },
  'GET /api/v1/me/api-tokens': { expect: members(200) },
  'DELETE /api/v1/me/api-tokens/{id}': {
    // Only its owner revokes it here; an admin uses the admin route.
    expect: { anonymous: 401, user: 200, otherAdmin: 404, admin: 404 },
    prepare: async () => ({ params: { id: (await apiTokenOfUser()).token.id } }),
  },
  'GET /api/v1/admin/api-tokens': { expect: admins(200) },
  'DELETE /api/v1/admin/api-tokens/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await apiTokenOfUser()).token.id } }),
  },

  // spreadsheet imports (decision 039): admins only; another company's admin finds none of A's
  'POST /api/v1/imports': { expect: admins(201), prepare: async () => importUpload() },
  'GET /api/v1/imports': { expect: admins(200) },
  'POST /api/v1/imports/{id}/validate': {
    expect: admins(200, 404),
    prepare: async () => {
      const preview = await importPreviewOfA();
      return { params: { id: preview.id }, json: { mapping: preview.mapping } };
    },
  },
  'POST /api/v1/imports/{id}/commit': {
    expect: admins(200, 404),
    prepare: async () => {
      const preview = await importPreviewOfA();
      return { params: { id: preview.id }, json: { mapping: preview.mapping } };
    },
  },
  'POST /api/v1/imports/{id}/undo': { expect: admins(200, 404), prepare: async () => ({ params: { id: await importOfA() } }) },
  // webhooks (decision 037): the company's admins; another company's admin finds none of A's
  'GET /api/v1/admin/webhooks': { expect: admins(200) },
  // inbound sources (decision 120): an admin's, with the session; a source's URL takes what its secret signs, from anyone
  'GET /api/v1/admin/inbound-sources': { expect: admins(200) },
  'POST /api/v1/admin/inbound-sources': { expect: admins(201), prepare: async () => ({ json: { name: `Source ${unique()}` } }) },
  'PATCH /api/v1/admin/inbound-sources/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await sharedInboundSource()).id }, json: { name: `Renamed ${unique()}` } }),
  },
  'DELETE /api/v1/admin/inbound-sources/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await inboundSourceOfA()).id } }),
  },
  'POST /api/v1/admin/inbound-sources/{id}/rotate-secret': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await inboundSourceOfA()).id } }),
  },
  'GET /api/v1/admin/inbound-sources/{id}/payloads': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await sharedInboundSource()).id } }),
  },
  'POST /api/v1/inbound/{id}': { expect: everyone(202), prepare: signedPayload },
  'POST /api/v1/admin/webhooks': {
    expect: admins(201),
    prepare: async () => ({ json: { url: 'http://127.0.0.1:9/new', events: ['sale.created'] } }),
  },
  'GET /api/v1/admin/webhooks/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: (await webhookOfA()).id } }) },
  'PATCH /api/v1/admin/webhooks/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await webhookOfA()).id }, json: { description: `Changed ${unique()}` } }),
  },
  'DELETE /api/v1/admin/webhooks/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await fixtures.webhookEndpoint(admin)).id } }),
  },
  'POST /api/v1/admin/webhooks/{id}/rotate-secret': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await webhookOfA()).id } }),
  },
  'POST /api/v1/admin/webhooks/{id}/test': { expect: admins(202, 404), prepare: async () => ({ params: { id: (await webhookOfA()).id } }) },
  'GET /api/v1/admin/webhooks/{id}/deliveries': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: (await webhookOfA()).id } }),
  },
  'POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend': {
    expect: admins(200, 404),
    prepare: async () => {
      const id = (await webhookOfA()).id;
      return { params: { id, deliveryId: await fixtures.webhookDelivery(admin, id) } };
    },
  },
  // Slack and Teams integrations (decision 038): the company's admins
  'GET /api/v1/admin/chat-integrations': { expect: admins(200) },
  'POST /api/v1/admin/chat-integrations': {
    expect: admins(201),
    prepare: async () => ({
      json: {
        platform: 'teams',
        url: 'https://example.webhook.office.com/webhookb2/fixture',
        language: 'nb',
        choices: { sales: true, goals: false, dailySummary: { enabled: false, localTime: '16:00' } },
      },
    }),
  },
  'PATCH /api/v1/admin/chat-integrations/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await chatIntegrationOfA() }, json: { language: 'nb' } }),
  },
  'DELETE /api/v1/admin/chat-integrations/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await chatIntegrationOfA() } }),
  },
  'POST /api/v1/admin/chat-integrations/{id}/test': {
    expect: admins(202, 404),
    prepare: async () => ({ params: { id: await chatIntegrationOfA() } }),
  },

  // badges (decision 050): every member reads them (the boards show them); admins switch them
  // Another company's admin naming A's member finds no such member.
  'GET /api/v1/badges/members/{userId}': {
    expect: { anonymous: 401, user: 200, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ params: { userId: user.id } }),
  },
  'GET /api/v1/badges/recent': { expect: members(200) },
  'GET /api/v1/badges/settings': { expect: members(200) },
  'PUT /api/v1/badges/settings/{kind}': {
    expect: admins(200),
    prepare: async () => ({ params: { kind: 'first_sale' }, json: { enabled: true } }),
  },
  // a company's own badges (decision 107): every member reads them (the boards draw them); admins change them
  'GET /api/v1/badges/company': { expect: members(200) },
  'POST /api/v1/badges/company': { expect: admins(201), prepare: async () => ({ json: companyBadgeBody() }) },
  'PUT /api/v1/badges/company/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await companyBadgeOfA() }, json: companyBadgeBody() }),
  },
  'DELETE /api/v1/badges/company/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await companyBadgeOfA() } }),
  },

  // the working calendar and targets (decision 043): members read their own; admins manage
  'GET /api/v1/calendar': { expect: members(200) },
  'PUT /api/v1/calendar': { expect: admins(200), prepare: async () => ({ json: { country: 'NO' } }) },
  'POST /api/v1/calendar/days-off': { expect: admins(200), prepare: async () => ({ json: { date: '2030-12-24', label: 'Julaften' } }) },
  'DELETE /api/v1/calendar/days-off/{date}': { expect: admins(200, 404), prepare: async () => ({ params: { date: await dayOffOfA() } }) },
  // targets: admins and team leads (decision 044; a lead's reach is TEAM_SCOPED below)
  'GET /api/v1/targets': { expect: admins(200) },
  'GET /api/v1/targets/subjects': { expect: admins(200) },
  'POST /api/v1/targets': {
    // Another company's admin naming A's member finds no such member.
    expect: admins(201, 404),
    prepare: async () => ({ json: { userId: user.id, metric: 'points', period: 'month', value: 100, effectiveFrom: '2999-01-01' } }),
  },
  'POST /api/v1/targets/{id}/end': { expect: admins(200, 404), prepare: async () => ({ params: { id: await targetOfA() } }) },
  'GET /api/v1/targets/me': { expect: members(200) },
  'GET /api/v1/targets/people': { expect: members(200), prepare: async () => ({ query: 'kpi=calls&period=week' }) },

  // contests (decision 049): everyone in the company reads them; admins and team leads run them
  // (a lead's reach is TEAM_SCOPED below); another company's admin finds none of A's
  'GET /api/v1/contests': { expect: members(200) },
  'POST /api/v1/contests': { expect: admins(201), prepare: async () => ({ json: contestBody() }) },
  'GET /api/v1/contests/{id}': {
    expect: { anonymous: 401, user: 200, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ params: { id: await contestOfA() } }),
  },
  'PUT /api/v1/contests/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await contestOfA() }, json: contestBody({ name: 'Renamed' }) }),
  },
  'DELETE /api/v1/contests/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await contestOfA() } }) },
  'GET /api/v1/display/{token}/contests/{id}': {
    expect: everyone(200),
    prepare: async () => ({ params: { token: (await displayLinkOfA()).token, id: await contestOfA() } }),
  },

  // coaching (decision 045): admins and team leads read their people's wrap-ups and keep 1:1 notes
  // (a lead's rights: coaching.test.ts); a wrap-up's author reads and answers its conversation
  'GET /api/v1/coaching/wrapups': { expect: admins(200) },
  'GET /api/v1/coaching/wrapups/{id}': {
    expect: { ...members(200), otherAdmin: 404 },
    prepare: async () => ({ params: { id: await wrapupOfUser() } }),
  },
  'POST /api/v1/coaching/wrapups/{id}/read': {
    expect: { ...members(200), otherAdmin: 404 },
    prepare: async () => ({ params: { id: await wrapupOfUser() } }),
  },
  'POST /api/v1/coaching/wrapups/{id}/comments': {
    expect: { ...members(201), otherAdmin: 404 },
    prepare: async () => ({ params: { id: await wrapupOfUser() }, json: { body: 'Good call on the pricing' } }),
  },
  'GET /api/v1/coaching/my-threads': { expect: members(200) },
  'GET /api/v1/coaching/unread': { expect: admins(200) },
  'GET /api/v1/coaching/members/{memberId}/notes': { expect: admins(200, 404), prepare: async () => ({ params: { memberId: user.id } }) },
  'POST /api/v1/coaching/members/{memberId}/notes': {
    expect: admins(201, 404),
    prepare: async () => ({ params: { memberId: user.id }, json: { kind: 'note', body: 'Strong openers' } }),
  },
  'PATCH /api/v1/coaching/notes/{id}': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { id: await coachingNoteOfA() }, json: { done: true } }),
  },
  'DELETE /api/v1/coaching/notes/{id}': { expect: admins(200, 404), prepare: async () => ({ params: { id: await coachingNoteOfA() } }) },
  // a page per rep (decision 046): the person, their team's lead and admins; a colleague is refused,
  // another company finds nobody. A lead's access is proven in server/modules/people/people.test.ts.
  'GET /api/v1/people/{id}/overview': {
    expect: { anonymous: 401, user: 403, otherAdmin: 404, admin: 200 },
    prepare: async () => ({ params: { id: (await memberOfA()).id } }),
  },

  // celebrations and reactions (decision 051): members read the choices and the feed and react;
  // admins choose; another company's member finds no item of A's to react to
  'GET /api/v1/celebrations/settings': { expect: members(200) },
  'PUT /api/v1/celebrations/settings': {
    expect: admins(200),
    prepare: async () => ({
      json: {
        sales: true,
        saleMinimum: 0,
        meetings: true,
        goals: true,
        records: true,
        contests: true,
        badges: true,
        sound: false,
        style: 'confetti',
      },
    }),
  },
  'GET /api/v1/feed': { expect: members(200) },
  'POST /api/v1/feed/reactions': {
    expect: { ...members(200), otherAdmin: 404 },
    prepare: async () => ({ json: { itemType: 'activity', itemId: (await fixtures.activity(user)).id, emoji: '👏' } }),
  },
  'GET /api/v1/display/{token}/feed': {
    expect: everyone(200),
    prepare: async () => ({ params: { token: (await displayLinkOfA()).token } }),
  },

  // push notifications (decision 055): every member, about their own devices and choices
  'GET /api/v1/push/public-key': { expect: members(200) },
  'GET /api/v1/me/push': { expect: members(200) },
  'PUT /api/v1/me/push/preferences': {
    expect: members(200),
    prepare: async () => ({
      json: {
        contestStarted: true,
        badgeEarned: false,
        wrapupComment: true,
        wrapupReminder: true,
        reminderTime: '15:30',
        quietFrom: '22:00',
        quietTo: '07:00',
      },
    }),
  },
  'POST /api/v1/me/push/subscriptions': {
    expect: members(200),
    prepare: async () => ({
      json: { endpoint: `http://127.0.0.1:9/push/${unique()}`, keys: { p256dh: 'BAAAAAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
    }),
  },
  'POST /api/v1/me/push/subscriptions/remove': {
    expect: members(200),
    prepare: async () => ({ json: { endpoint: 'http://127.0.0.1:9/push/none' } }),
  },

  // personal data (decision 022): anyone signed in, about themself; admins about their own members
  'GET /api/v1/me/data': { expect: signedIn(200) },
  'GET /api/v1/me/account-deletion': { expect: signedIn(200) },
  'DELETE /api/v1/me': {
    // A wrong password: a real deletion would end the callers this table needs (privacy.test.ts
    // deletes accounts). Signed in is what it takes to be asked; no one else gets that far.
    expect: signedIn(400),
    prepare: async () => ({ json: { password: 'not-the-password-of-anyone-here' } }),
  },
  'GET /api/v1/team/members/{userId}/data': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { userId: (await memberOfA()).id } }),
  },
  'DELETE /api/v1/team/members/{userId}/data': {
    expect: admins(200, 404),
    prepare: async () => ({ params: { userId: (await memberOfA()).id } }),
  },
};

/**
 * Routes outside the OpenAPI document, keyed by Hono's path syntax: none today (the event streams
 * are documented since decision 020). Any undocumented /api/v1 route fails the completeness test.
 */
const UNDOCUMENTED: Record<string, Entry> = {};

// ---- what "nothing was written" means ---------------------------------------------------------

const snapshotter = await createSnapshotter(t.db);
/** A digest of every table: both companies' tenant tables in their own scope, the rest as the owner. */
const snapshot = () => snapshotter.snapshot([companyA, otherAdmin.companyId]);

// ---- the routes -------------------------------------------------------------------------------

const documented = (await readOperations(t)).map((operation) => operation.key);
const mounted = findMountedRoutes(t);

async function callAs(persona: Persona, key: string, entry: Entry): Promise<{ status: number; body: unknown }> {
  const call = (await entry.prepare?.(persona)) ?? {};
  return callOperation(t, key, call, callers[persona]);
}

async function checkEntry(persona: Persona, key: string, entry: Entry): Promise<void> {
  const expected = entry.expect[persona];
  // Fixtures are made first, so the snapshot brackets the request alone.
  const wrapped: Entry = { ...entry };
  let prepared: Call | undefined;
  if (entry.prepare) {
    prepared = await entry.prepare(persona);
    wrapped.prepare = async () => prepared!;
  }
  // What the fixtures' changes make after commit (decision 095) is made before the snapshot too.
  await t.deps.events.runDue();
  const before = expected >= 400 ? await snapshot() : null;
  const { status, body } = await callAs(persona, key, wrapped);
  expect(status, `${key} as ${persona}: ${JSON.stringify(body)}`).toBe(expected);
  if (status >= 400) {
    expect(body, `${key} as ${persona}: the one error shape`).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
    expect(await snapshot(), `${key} as ${persona} was refused but wrote something`).toEqual(before);
  }
}

describe('the matrix covers every route', () => {
  it('every documented route has an entry (add yours to MATRIX)', () => {
    expect(documented.filter((key) => !(key in MATRIX))).toEqual([]);
  });

  it('every entry names a documented route (no stale entries)', () => {
    expect(Object.keys(MATRIX).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('every route mounted under /api/v1 is documented or listed in UNDOCUMENTED', () => {
    const known = new Set([...documented.map(toHonoPath), ...Object.keys(UNDOCUMENTED)]);
    expect(mounted.filter((key) => !known.has(key))).toEqual([]);
    expect(Object.keys(UNDOCUMENTED).filter((key) => !mounted.includes(key))).toEqual([]);
  });
});

describe('the write check itself', () => {
  it('sees a write in company A, in company B and outside any company', async () => {
    const before = await snapshot();
    await t.request('/api/v1/me/profile', { method: 'PATCH', as: user, json: { displayName: `Changed ${unique()}` } });
    await t.request('/api/v1/company', { method: 'PATCH', as: otherAdmin, json: { name: `B ${unique()}` } });
    await contactRequest();
    const after = await snapshot();
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    expect(changed).toEqual(expect.arrayContaining([`${companyA}:profiles`, `${otherAdmin.companyId}:companies`, 'contact_requests']));
  });
});

describe.each(documented)('%s', (key) => {
  it.each(PERSONAS)('as %s', async (persona) => {
    const entry = MATRIX[key];
    if (!entry) throw new Error(`${key} has no entry in the authorization matrix: decide who may call it`);
    await checkEntry(persona, key, entry);
  });
});

// Empty today; kept so that an undocumented route, if ever allowed, is still called as everyone.
for (const key of Object.keys(UNDOCUMENTED)) {
  describe(`${key} (undocumented)`, () => {
    it.each(PERSONAS)('as %s', async (persona) => {
      await checkEntry(persona, key, UNDOCUMENTED[key]!);
    });
  });
}

// ---- team leads (decision 044) ------------------------------------------------------------------

/*
 * A team lead is a member who leads a team (a per-team attribute, decision 040), so they are no
 * caller kind of the matrix above (where every member is in no team). Here, for every endpoint
 * that acts on one member or team of the company: the lead on their own team's member (or team) is
 * allowed, on another team's refused; a rep of the lead's team on a colleague is refused; the admin
 * is allowed both. A refused request writes nothing.
 */
const lead = await t.createMember({ companyId: companyA, role: 'user', name: 'Lead of A' });
const ledRep = await t.createMember({ companyId: companyA, role: 'user', name: 'Led rep of A' });
const colleague = await t.createMember({ companyId: companyA, role: 'user', name: 'Colleague of A' });
const otherTeamRep = await t.createMember({ companyId: companyA, role: 'user', name: 'Other team rep of A' });
const ledTeam = await teamOfA();
const otherTeam = await teamOfA();
for (const [member, team] of [
  [lead, ledTeam],
  [ledRep, ledTeam],
  [colleague, ledTeam],
  [otherTeamRep, otherTeam],
] as const) {
  await callOperation(t, 'PUT /api/v1/team/members/{userId}/team', { params: { userId: member.id }, json: { teamId: team } }, admin);
}
await callOperation(t, 'PUT /api/v1/teams/{id}/leads', { params: { id: ledTeam }, json: { userIds: [lead.id] } }, admin);

type Reach = { member: string; team: string; person: TestUser };
const OWN: Reach = { member: ledRep.id, team: ledTeam, person: ledRep };
const OTHER: Reach = { member: otherTeamRep.id, team: otherTeam, person: otherTeamRep };
const COLLEAGUE: Reach = { member: colleague.id, team: ledTeam, person: colleague };

/** The reach's member's wrap-up of today, written by them. */
async function wrapupOf(reach: Reach): Promise<string> {
  const json = { calls: 2, meetings: 0, sales: 0, points: 0, good: 'Fine', improve: null };
  const response = await t.request('/api/v1/wrapups/today', { method: 'PUT', as: reach.person, json });
  if (response.status !== 200) throw new Error(`wrap-up: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { wrapup: { id: string } }).wrapup.id;
}

let leadTargetYear = 2600;
/** A target of the reach's member (or team), set by the admin, starting on a date of its own. */
async function targetFor(reach: Reach, kind: 'person' | 'team'): Promise<string> {
  const subject = kind === 'team' ? { teamId: reach.team } : { userId: reach.member };
  const json = { ...subject, metric: 'calls', period: 'week', value: 10, effectiveFrom: `${leadTargetYear++}-01-05` };
  const response = await callOperation(t, 'POST /api/v1/targets', { json }, admin);
  if (response.status !== 201) throw new Error(`target: ${response.status} ${response.text}`);
  return (response.body as { id: string }).id;
}

/**
 * `refused` is the lead's answer on another team; `refusedToRep` the answer to a rep who leads
 * nobody, when it differs (coaching tells a rep the screen is not theirs, 403, and a lead that the
 * person is not theirs, 404).
 */
type ScopedEntry = { allowed: number; refused: number; refusedToRep?: number; call: (reach: Reach) => Promise<Call> };
const newTarget = (kind: 'person' | 'team') => async (reach: Reach) => ({
  json: {
    ...(kind === 'team' ? { teamId: reach.team } : { userId: reach.member }),
    metric: 'meetings_booked',
    period: 'month',
    value: 4,
    effectiveFrom: `${leadTargetYear++}-02-01`,
  },
});

const TEAM_SCOPED: Record<string, ScopedEntry[]> = {
  'POST /api/v1/targets': [
    { allowed: 201, refused: 403, call: newTarget('person') },
    { allowed: 201, refused: 403, call: newTarget('team') },
  ],
  'POST /api/v1/targets/{id}/end': [
    { allowed: 200, refused: 403, call: async (reach) => ({ params: { id: await targetFor(reach, 'person') } }) },
    { allowed: 200, refused: 403, call: async (reach) => ({ params: { id: await targetFor(reach, 'team') } }) },
  ],
  'GET /api/v1/targets': [
    { allowed: 200, refused: 403, call: async (reach) => ({ query: `userId=${reach.member}` }) },
    { allowed: 200, refused: 403, call: async (reach) => ({ query: `teamId=${reach.team}` }) },
  ],
  'PUT /api/v1/goals/members/{userId}': [
    {
      allowed: 200,
      refused: 403,
      call: async (reach) => ({ params: { userId: reach.member }, json: { dailyCalls: 15, dailyMeetings: 1, dailySales: 1 } }),
    },
  ],
  // Contests (decision 049): a lead runs contests among the teams they lead only.
  'POST /api/v1/contests': [
    { allowed: 201, refused: 403, call: async (reach) => ({ json: contestBody({ participants: 'teams', teamIds: [reach.team] }) }) },
    { allowed: 201, refused: 403, call: async (reach) => ({ json: contestBody({ participants: 'people', userIds: [reach.member] }) }) },
  ],
  'PUT /api/v1/contests/{id}': [
    {
      allowed: 200,
      refused: 403,
      call: async (reach) => ({
        params: { id: await contestOfA({ participants: 'teams', teamIds: [reach.team] }) },
        json: contestBody({ participants: 'teams', teamIds: [reach.team], name: 'Changed' }),
      }),
    },
  ],
  'DELETE /api/v1/contests/{id}': [
    {
      allowed: 200,
      refused: 403,
      call: async (reach) => ({ params: { id: await contestOfA({ participants: 'people', userIds: [reach.member] }) } }),
    },
  ],
  // A page per rep (decision 046): a colleague who neither leads nor administers gets 403.
  'GET /api/v1/people/{id}/overview': [{ allowed: 200, refused: 403, call: async (reach) => ({ params: { id: reach.member } }) }],
  // Coaching (decision 045).
  'GET /api/v1/coaching/wrapups': [
    { allowed: 200, refused: 404, refusedToRep: 403, call: async (reach) => ({ query: `memberId=${reach.member}` }) },
  ],
  'GET /api/v1/coaching/wrapups/{id}': [{ allowed: 200, refused: 404, call: async (reach) => ({ params: { id: await wrapupOf(reach) } }) }],
  'POST /api/v1/coaching/wrapups/{id}/comments': [
    {
      allowed: 201,
      refused: 404,
      call: async (reach) => ({ params: { id: await wrapupOf(reach) }, json: { body: `Nice work ${unique()}` } }),
    },
  ],
  'GET /api/v1/coaching/members/{memberId}/notes': [
    { allowed: 200, refused: 404, refusedToRep: 403, call: async (reach) => ({ params: { memberId: reach.member } }) },
  ],
  'POST /api/v1/coaching/members/{memberId}/notes': [
    {
      allowed: 201,
      refused: 404,
      refusedToRep: 403,
      call: async (reach) => ({ params: { memberId: reach.member }, json: { kind: 'follow_up', body: `Follow up ${unique()}` } }),
    },
  ],
};

async function checkScoped(caller: TestUser, reach: Reach, entry: ScopedEntry, key: string, expected: number): Promise<void> {
  const call = await entry.call(reach);
  await t.deps.events.runDue();
  const before = expected >= 400 ? await snapshot() : null;
  const { status, body } = await callOperation(t, key, call, caller);
  expect(status, `${key}: ${JSON.stringify(body)}`).toBe(expected);
  if (before) expect(await snapshot(), `${key} was refused but wrote something`).toEqual(before);
}

describe.each(Object.keys(TEAM_SCOPED))('team-scoped %s', (key) => {
  it("a lead on their own team's member or team: allowed", async () => {
    for (const entry of TEAM_SCOPED[key]!) await checkScoped(lead, OWN, entry, key, entry.allowed);
  });
  it("a lead on another team's member or team: refused", async () => {
    for (const entry of TEAM_SCOPED[key]!) await checkScoped(lead, OTHER, entry, key, entry.refused);
  });
  it('a rep on a colleague of their team: refused', async () => {
    for (const entry of TEAM_SCOPED[key]!) await checkScoped(ledRep, COLLEAGUE, entry, key, entry.refusedToRep ?? entry.refused);
  });
  it('an admin on anyone: allowed', async () => {
    for (const entry of TEAM_SCOPED[key]!) {
      await checkScoped(admin, OWN, entry, key, entry.allowed);
      await checkScoped(admin, OTHER, entry, key, entry.allowed);
    }
  });
});

describe('team leads: the lists hold their people only', () => {
  it('every team-scoped entry names a documented route', () => {
    expect(Object.keys(TEAM_SCOPED).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it("targets, subjects and goals list the lead's team and people, never another team's nor the lead's own", async () => {
    await targetFor(OWN, 'person');
    await targetFor(OTHER, 'person');
    await targetFor(OWN, 'team');
    await targetFor(OTHER, 'team');
    const list = (await callOperation(t, 'GET /api/v1/targets', {}, lead)).body as {
      targets: { userId: string | null; teamId: string | null }[];
    };
    expect(list.targets.length).toBeGreaterThan(0);
    for (const target of list.targets) {
      expect(target.userId === null ? target.teamId : target.userId, "a target outside the lead's reach").toBeOneOf([
        ledTeam,
        ledRep.id,
        colleague.id,
      ]);
    }
    const subjects = (await callOperation(t, 'GET /api/v1/targets/subjects', {}, lead)).body as {
      members: { userId: string }[];
      teams: { id: string }[];
    };
    expect(subjects.members.map((m) => m.userId).sort()).toEqual([ledRep.id, colleague.id].sort());
    expect(subjects.teams.map((team) => team.id)).toEqual([ledTeam]);
    const goals = (await callOperation(t, 'GET /api/v1/goals/team', {}, lead)).body as { members: { userId: string }[] };
    expect(goals.members.map((m) => m.userId).sort()).toEqual([ledRep.id, colleague.id].sort());
  });
});
