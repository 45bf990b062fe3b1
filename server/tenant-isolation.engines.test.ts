import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuditLogPage, Invitation, TvPlaylist, WebhookEndpointWithSecret } from '@core/contracts';
import { openEventStream } from './test/event-stream';
import { createFixtures, randomPassword } from './test/fixtures';
import { type Answer, type Call, callOperation, readOperations } from './test/openapi';
import { createSnapshotter } from './test/snapshot';
import { createTestApp, type TestUser } from './test/test-app';
import { testEngine } from './test/test-database';

/*
 * Tenant isolation over HTTP (decision 025): row-level security is proven table by table in
 * server/db/isolation.engines.test.ts; this proves it where callers meet it. Two companies in multi-tenant
 * mode; every operation of the OpenAPI document is called by a rep and an admin of company B with
 * company A's ids in the path, and A's ids smuggled into query strings, headers and bodies. No
 * answer may contain anything of A's (ids, names, e-mails, customers, notes, codes, tokens), no
 * call naming A's thing in its path may succeed, and A's rows are the same afterwards. An
 * operation without an entry in ISOLATION fails the test: a new endpoint decides here what B
 * sends it. Decision 025.
 */

const t = await createTestApp({ env: { TENANCY: 'multi', TRUST_PROXY: 'true' } });
afterAll(() => t.close());
const fixtures = createFixtures(t);

/** A distinctive mark in every text of A's, so that no answer can contain one by chance. */
const tag = crypto.randomUUID().slice(0, 8);
const unique = () => crypto.randomUUID().slice(0, 8);

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A person who signs up and creates a company (multi-tenant mode): its admin. */
async function founder(name: string, companyName: string): Promise<TestUser & { companyId: string }> {
  const person = await t.createUser({
    name,
    email: `${name.toLowerCase().replaceAll(' ', '.')}-${unique()}@example.com`,
    password: randomPassword(),
  });
  const created = (await expectOk(
    await t.request('/api/v1/companies', { method: 'POST', as: person, json: { name: companyName } }),
    'create company',
  )) as { companyId: string };
  return { ...person, companyId: created.companyId };
}

/** A person who signs up and accepts an invitation of the admin's company. */
async function joiner(admin: TestUser & { companyId: string }, name: string): Promise<TestUser & { companyId: string }> {
  const invitation = await fixtures.invitation(admin);
  const person = await t.createUser({
    name,
    email: `${name.toLowerCase().replaceAll(' ', '.')}-${unique()}@example.com`,
    password: randomPassword(),
  });
  await expectOk(await t.request('/api/v1/invitations/accept', { method: 'POST', as: person, json: { code: invitation.code } }), 'accept');
  return { ...person, companyId: admin.companyId };
}

// ---- company A: the one whose data must not leak ---------------------------------------------------

// A is created first: it runs the installation (the operator company: its admins read the
// contact form's requests).
const aCompanyName = `Alpha Holdings ${tag}`;
const aAdmin = await founder(`Alice Alpha ${tag}`, aCompanyName);
const aRep = await joiner(aAdmin, `Rolf Alpha ${tag}`);
const aRepDisplayName = `Rolf the Closer ${tag}`;
await expectOk(await t.request('/api/v1/me/profile', { method: 'PATCH', as: aRep, json: { displayName: aRepDisplayName } }), 'profile');
const aCustomerName = `Fjordkraft Alpha Customer ${tag}`;
const aNote = `Alpha private note ${tag}`;
const aProduct = `Alpha product ${tag}`;
const aActivity = await fixtures.activity(aRep, {
  kind: 'call',
  answered: true,
  outcome: 'meeting_booked',
  customerName: aCustomerName,
  notes: aNote,
});
const aSale = await fixtures.activity(aRep, {
  kind: 'sale',
  ticketSize: 125_000,
  productName: aProduct,
  customerName: aCustomerName,
  notes: aNote,
});
const aCustomer = await fixtures.customer(aAdmin, `Alpha Second Customer ${tag}`);
await expectOk(
  await t.request('/api/v1/goals/me', { method: 'PUT', as: aRep, json: { dailyCalls: 42, dailyMeetings: 4, dailySales: 2 } }),
  'goals',
);
const aWrapupGood = `Alpha went well ${tag}`;
const aWrapupImprove = `Alpha to improve ${tag}`;
const aWrapup = (await expectOk(
  await t.request('/api/v1/wrapups/today', {
    method: 'PUT',
    as: aRep,
    json: { calls: 1, meetings: 1, sales: 1, points: 9, good: aWrapupGood, improve: aWrapupImprove },
  }),
  'wrap-up',
)) as { wrapup: { id: string } };
const aInvitation: Invitation = await fixtures.invitation(aAdmin, { role: 'admin' });
const aDisplayLinkName = `Alpha lobby screen ${tag}`;
const aDisplayLink = await fixtures.displayLink(aAdmin, aDisplayLinkName);
const aKpiRuleId = await fixtures.kpiRuleId(aAdmin);
await expectOk(await t.request(`/api/v1/kpi-rules/${aKpiRuleId}`, { method: 'PATCH', as: aAdmin, json: { basePoints: 4 } }), 'kpi rule');
const PICTURE = new Uint8Array(
  await sharp({ create: { width: 3, height: 3, channels: 3, background: '#cc3366' } })
    .png()
    .toBuffer(),
);
const aAvatarId = await fixtures.avatar(aRep, PICTURE);
const aTokenName = `Alpha BI token ${tag}`;
const aToken = await fixtures.apiToken(aRep, { name: aTokenName, scopes: ['activities:read', 'stats:read', 'members:read'] });
/** A multipart upload of a small activities file. */
function importUpload(email: string, fileName: string): Call {
  const boundary = 'isolation-import-boundary';
  const file = `date,email,type,notes\n${new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10)},${email},call,${fileName}\n`;
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nactivities\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n` +
    `--${boundary}--\r\n`;
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const aImportFileName = `alpha-import-${tag}.csv`;
const aImport = await callOperation(t, 'POST /api/v1/imports', importUpload(aRep.email, aImportFileName), aAdmin);
const aImportId = (aImport.body as { id: string }).id;
await callOperation(
  t,
  'POST /api/v1/imports/{id}/commit',
  { params: { id: aImportId }, json: { mapping: { date: 0, email: 1, type: 2, notes: 3 } } },
  aAdmin,
);
const aPendingImport = await callOperation(t, 'POST /api/v1/imports', importUpload(aRep.email, aImportFileName), aAdmin);
const aPendingImportId = (aPendingImport.body as { id: string }).id;
const aWebhookDescription = `Alpha CRM hook ${tag}`;
const aWebhook = (await expectOk(
  await t.request('/api/v1/admin/webhooks', {
    method: 'POST',
    as: aAdmin,
    json: { url: `http://127.0.0.1:9/alpha-${tag}`, description: aWebhookDescription, events: ['activity.created'] },
  }),
  'webhook endpoint',
)) as WebhookEndpointWithSecret;
const aWebhookDeliveryId = await fixtures.webhookDelivery(aAdmin, aWebhook.id);
const aInboundSourceName = `Alpha Zapier ${tag}`;
const aInboundSource = (await expectOk(
  await t.request('/api/v1/admin/inbound-sources', { method: 'POST', as: aAdmin, json: { name: aInboundSourceName } }),
  'inbound source',
)) as { id: string; secret: string };
const aChatSecret = `alphaChat${tag}`;
const aChat = await fixtures.chatIntegration(aAdmin, `https://hooks.slack.com/services/T0ALPHA/B0ALPHA/${aChatSecret}`);
const aTeamName = `Alpha team ${tag}`;
const aTeam = (await expectOk(await t.request('/api/v1/teams', { method: 'POST', as: aAdmin, json: { name: aTeamName } }), 'team')) as {
  id: string;
};
await expectOk(
  await t.request(`/api/v1/team/members/${aRep.id}/team`, { method: 'PUT', as: aAdmin, json: { teamId: aTeam.id } }),
  'team member',
);
// A's own activity type (decision 100), named and shaped so that any of it would show in B's answers, and logged once.
const aTypeName = `Alpha visit ${tag}`;
const aTypeOutcome = `Alpha outcome ${tag}`;
const aType = (await expectOk(
  await t.request('/api/v1/activity-types', {
    method: 'POST',
    as: aAdmin,
    json: {
      names: { en: aTypeName },
      icon: 'car',
      colour: 'amber',
      points: 2,
      outcomes: [{ names: { en: aTypeOutcome }, points: 1 }],
      fields: [{ names: { en: `Alpha field ${tag}` }, kind: 'text' }],
      bonus: null,
    },
  }),
  'activity type',
)) as { id: string; outcomes: { id: string }[] };
await expectOk(
  await t.request('/api/v1/activities', {
    method: 'POST',
    as: aRep,
    json: { kind: 'custom', typeId: aType.id, outcome: aType.outcomes[0]!.id },
  }),
  'activity of the type',
);
// A's sale kind renamed (decision 116): the name would show on any of B's sales if the read's join leaked.
const aKindName = `Alpha deal ${tag}`;
await expectOk(
  await t.request('/api/v1/activity-types/built-in/sale/names', { method: 'PUT', as: aAdmin, json: { names: { en: aKindName } } }),
  'renamed kind',
);
// A's board shared with A's company (decision 102), named so that it would show in B's answers.
const aBoard = (await expectOk(
  await t.request('/api/v1/boards', {
    method: 'POST',
    as: aAdmin,
    json: { name: `Alpha board ${tag}`, sharing: 'company', widgets: [{ kind: 'feed', teamId: aTeam.id }] },
  }),
  'board',
)) as { id: string };
// A's own KPI (decision 101), named so that it would show in B's answers.
const aKpi = (await expectOk(
  await t.request('/api/v1/kpis', {
    method: 'POST',
    as: aAdmin,
    json: { names: { en: `Alpha KPI ${tag}` }, formula: { kind: 'aggregate', aggregate: 'count', typeIds: [aType.id] }, format: 'number' },
  }),
  'kpi',
)) as { id: string };
// A's own badge (decision 107) on A's KPI, named so that it would show in B's answers.
const aCompanyBadge = (await expectOk(
  await t.request('/api/v1/badges/company', {
    method: 'POST',
    as: aAdmin,
    json: { names: { en: `Alpha badge ${tag}` }, icon: 'trophy', colour: 'amber', kpiId: aKpi.id, threshold: 5, period: 'week' },
  }),
  'company badge',
)) as { id: string };
await expectOk(
  await t.request(`/api/v1/teams/${aTeam.id}/leads`, { method: 'PUT', as: aAdmin, json: { userIds: [aAdmin.id] } }),
  'team lead',
);
// A TV playlist of A (decision 052) with A's team on a screen and a message, and A's link pointed at it.
const aPlaylistName = `Alpha playlist ${tag}`;
const aPlaylistMessage = `Alpha message ${tag}`;
const aPlaylist = (await expectOk(
  await t.request('/api/v1/tv-playlists', {
    method: 'POST',
    as: aAdmin,
    json: {
      name: aPlaylistName,
      screens: [
        { kind: 'team', teamId: aTeam.id, durationSeconds: 20 },
        { kind: 'message', text: aPlaylistMessage, durationSeconds: 10 },
      ],
    },
  }),
  'playlist',
)) as TvPlaylist;
await expectOk(
  await t.request(`/api/v1/display-links/${aDisplayLink.link.id}/playlist`, {
    method: 'PUT',
    as: aAdmin,
    json: { playlistId: aPlaylist.id },
  }),
  'point link',
);
// Coaching (decision 045): a conversation on A's rep's wrap-up, and a private note about them.
await expectOk(
  await t.request(`/api/v1/coaching/wrapups/${aWrapup.wrapup.id}/comments`, {
    method: 'POST',
    as: aAdmin,
    json: { body: `Alpha comment ${tag}` },
  }),
  'wrap-up comment',
);
const aCoachingNotes = (await expectOk(
  await t.request(`/api/v1/coaching/members/${aRep.id}/notes`, {
    method: 'POST',
    as: aAdmin,
    json: { kind: 'follow_up', body: `Alpha follow-up ${tag}` },
  }),
  'coaching note',
)) as { followUps: { id: string }[] };
const aCoachingNoteId = aCoachingNotes.followUps[0]!.id;
const aTarget = (await expectOk(
  await t.request('/api/v1/targets', {
    method: 'POST',
    as: aAdmin,
    json: { userId: aRep.id, metric: 'sales_value', period: 'month', value: 7_654_321, effectiveFrom: '2999-01-01' },
  }),
  'target',
)) as { id: string };
// A target of A's rep in force today: B's "% of target" (GET /targets/people) must not list it.
const { today: aToday } = (await (await t.request('/api/v1/activities/log-options', { as: aAdmin })).json()) as { today: string };
await expectOk(
  await t.request('/api/v1/targets', {
    method: 'POST',
    as: aAdmin,
    json: { userId: aRep.id, metric: 'points', period: 'month', value: 7_654_322, effectiveFrom: aToday },
  }),
  'target in force',
);
// A team target of A (decision 044): B must neither list, end nor see its progress.
const aTeamTarget = (await expectOk(
  await t.request('/api/v1/targets', {
    method: 'POST',
    as: aAdmin,
    json: { teamId: aTeam.id, metric: 'calls', period: 'week', value: 7_654, effectiveFrom: '2999-01-01' },
  }),
  'team target',
)) as { id: string };
// A contest of A among A's team (decision 049): B must neither read, change, delete nor show it.
const aContestBody = {
  name: `Alpha contest ${tag}`,
  startsOn: '2999-01-04',
  endsOn: '2999-01-10',
  participants: 'teams',
  teamIds: [aTeam.id],
  mode: 'individual',
  weights: [{ metric: 'calls', weight: 1 }],
  prizes: `Alpha prize ${tag}`,
};
const aContest = (await expectOk(await t.request('/api/v1/contests', { method: 'POST', as: aAdmin, json: aContestBody }), 'contest')) as {
  id: string;
};
const aDayOffLabel = `Alpha closed ${tag}`;
await expectOk(
  await t.request('/api/v1/calendar/days-off', { method: 'POST', as: aAdmin, json: { date: '2030-07-01', label: aDayOffLabel } }),
  'day off',
);
// A's reaction to A's sale and A's celebration choices (decision 051).
await expectOk(
  await t.request('/api/v1/feed/reactions', { method: 'POST', as: aAdmin, json: { itemType: 'activity', itemId: aSale.id, emoji: '🎉' } }),
  'reaction',
);
await expectOk(
  await t.request('/api/v1/celebrations/settings', {
    method: 'PUT',
    as: aAdmin,
    json: {
      sales: true,
      saleMinimum: 4_242_00,
      meetings: false,
      goals: true,
      records: true,
      contests: true,
      badges: true,
      sound: true,
      style: 'spotlight',
    },
  }),
  'celebration settings',
);
// A's rep's phone takes push notifications (decision 055).
const aPushEndpoint = `http://127.0.0.1:9/push/alpha-${tag}`;
await expectOk(
  await t.request('/api/v1/me/push/subscriptions', {
    method: 'POST',
    as: aRep,
    json: { endpoint: aPushEndpoint, keys: { p256dh: 'BAAAAAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
  }),
  'push subscription',
);
const aLeadName = `Alpha lead ${tag}`;
const aLeadEmail = `alpha-lead-${tag}@example.com`;
const aContactRequestId = await fixtures.contactRequest({ name: aLeadName, email: aLeadEmail, message: `Alpha lead message ${tag}` });

// ---- company B: the callers -------------------------------------------------------------------------

const bAdmin = await founder(`Bodil Beta ${unique()}`, `Beta Sales ${unique()}`);
const bRep = await joiner(bAdmin, `Bjarne Beta ${unique()}`);
const bInvitation = await fixtures.invitation(bAdmin);
const bDisplayLink = await fixtures.displayLink(bAdmin, 'Beta screen');
const bWebhook = await fixtures.webhookEndpoint(bAdmin);

// A's sign-up access code, set once everyone has signed up (in multi-tenant mode the operator's
// policy is the installation's).
const aAccessCode = `alpha-access-${tag}`;
await expectOk(
  await t.request('/api/v1/admin/signup-policy', { method: 'PUT', as: aAdmin, json: { policy: 'access_code', accessCode: aAccessCode } }),
  'signup policy',
);
const aAuditIds = ((await expectOk(await t.request('/api/v1/admin/audit-log', { as: aAdmin }), 'audit log')) as AuditLogPage).entries.map(
  (e) => e.id,
);

/** Everything of A's that B's answers must never contain. */
const A_SECRETS: Record<string, string> = {
  'contest name': aContestBody.name,
  'contest prize': aContestBody.prizes,
  'contest id': aContest.id,
  'company id': aAdmin.companyId,
  'company name': aCompanyName,
  "admin's id": aAdmin.id,
  "admin's e-mail": aAdmin.email,
  "admin's name": aAdmin.name,
  "rep's id": aRep.id,
  "rep's e-mail": aRep.email,
  "rep's name": aRep.name,
  "rep's display name": aRepDisplayName,
  'activity id': aActivity.id,
  'sale id': aSale.id,
  'customer id': aCustomer.id,
  'customer name': aCustomerName,
  'second customer name': aCustomer.name,
  note: aNote,
  product: aProduct,
  'wrap-up (good)': aWrapupGood,
  'wrap-up (improve)': aWrapupImprove,
  'invitation id': aInvitation.id,
  'invitation code': aInvitation.code,
  'display link id': aDisplayLink.link.id,
  'display link token': aDisplayLink.token,
  'display link name': aDisplayLinkName,
  'KPI rule id': aKpiRuleId,
  'access code': aAccessCode,
  'contact request id': aContactRequestId,
  'picture id': aAvatarId,
  'team id': aTeam.id,
  'team name': aTeamName,
  'activity type id': aType.id,
  'activity type name': aTypeName,
  'renamed kind': aKindName,
  'activity type outcome': aTypeOutcome,
  'playlist id': aPlaylist.id,
  'playlist name': aPlaylistName,
  'playlist message': aPlaylistMessage,
  'playlist screen id': aPlaylist.screens[0]!.id,
  'lead name': aLeadName,
  'lead e-mail': aLeadEmail,
  'personal access token id': aToken.token.id,
  'personal access token': aToken.secret,
  'personal access token name': aTokenName,
  'import id': aImportId,
  'waiting import id': aPendingImportId,
  'import file name': aImportFileName,
  'webhook endpoint id': aWebhook.id,
  'webhook signing secret': aWebhook.secret,
  'inbound source id': aInboundSource.id,
  'inbound source secret': aInboundSource.secret,
  'inbound source name': aInboundSourceName,
  'webhook URL': aWebhook.url,
  'webhook description': aWebhookDescription,
  'webhook delivery id': aWebhookDeliveryId,
  'chat integration id': aChat.id,
  'chat webhook URL secret': aChatSecret,
  'target id': aTarget.id,
  'day off label': aDayOffLabel,
  ...Object.fromEntries(aAuditIds.map((id, i) => [`audit event ${i}`, id])),
};

function findLeaks(text: string): string[] {
  return Object.entries(A_SECRETS)
    .filter(([, secret]) => text.includes(secret) || text.includes(JSON.stringify(secret).slice(1, -1)))
    .map(([what]) => what);
}

const snapshotter = await createSnapshotter(t.db);
const snapshotA = () => snapshotter.snapshotOf(aAdmin.companyId, [aAdmin.id, aRep.id], { contact_requests: [aContactRequestId] });

// ---- what B sends each operation -------------------------------------------------------------------

type Persona = 'rep' | 'admin';
/**
 * A call, whether it names one of A's things in its path (then it must be refused), and who makes
 * it when not B's rep or admin themself (a new member of B for each variant: deleting an account).
 */
type IsolationCall = Call & { namesA?: boolean; caller?: (persona: Persona) => Promise<TestUser> };
type Entry = (persona: Persona) => IsolationCall[] | Promise<IsolationCall[]>;

const bCaller: Record<Persona, TestUser & { companyId: string }> = { rep: bRep, admin: bAdmin };
const aCustomerPrefix = encodeURIComponent(aCustomerName.slice(0, 14));
const nothing: Entry = () => [{}];

const ISOLATION: Record<string, Entry> = {
  // onboarding
  'GET /api/v1/me': nothing,
  'POST /api/v1/me/provision': () => [{ json: {} }],
  // The access code is a credential: B may check it (the answer is only "valid"), never read it.
  'POST /api/v1/access-code/check': () => [{ json: { code: aAccessCode } }],
  'GET /api/v1/public-config': nothing,

  // live streams: B's own (headers only here; what they carry is the last test below)
  'GET /api/v1/events': () => [{ query: 'client=isolation-check' }],

  // scoreboards: every period, the widest limits
  'GET /api/v1/scoreboard/kpis': nothing,
  'GET /api/v1/scoreboard/team-stats': () => [{ query: 'period=month' }, { query: 'period=custom&from=2000-01-01&to=2100-01-01' }],
  'GET /api/v1/scoreboard/leaderboard': () => [{ query: 'period=month&limit=500' }, { query: 'period=today&sort=sales&activeOnly=0' }],
  'GET /api/v1/scoreboard/recent-activities': () => [{ query: 'limit=50&period=month' }],
  'GET /api/v1/scoreboard/weekly': nothing,
  'GET /api/v1/scoreboard/monthly': () => [{ query: `month=${new Date().toISOString().slice(0, 7)}` }],
  'GET /api/v1/scoreboard/company': nothing,
  'GET /api/v1/scoreboard/teams': () => [{ query: 'period=month' }],

  // display links: A's token is the credential of A's board (whoever holds it may watch), so B
  // calls its own link's board, with A's ids smuggled in
  'POST /api/v1/display-links': () => [{ json: { name: 'Beta kitchen' } }, { json: { name: 'Beta wall', teamId: aTeam.id }, namesA: true }],
  'GET /api/v1/display-links': nothing,
  'DELETE /api/v1/display-links/{id}': () => [{ params: { id: aDisplayLink.link.id }, namesA: true }],
  'GET /api/v1/display/{token}/leaderboard': () => [{ params: { token: bDisplayLink.token } }],
  'GET /api/v1/display/{token}/events': () => [{ params: { token: bDisplayLink.token }, query: 'client=isolation-check' }],
  'PUT /api/v1/display-links/{id}/playlist': () => [
    { params: { id: aDisplayLink.link.id }, json: { playlistId: null }, namesA: true },
    { params: { id: bDisplayLink.link.id }, json: { playlistId: aPlaylist.id }, namesA: true },
  ],
  'GET /api/v1/display/{token}/playlist': () => [{ params: { token: bDisplayLink.token } }],
  'GET /api/v1/display/{token}/screens/{screenId}': () => [
    { params: { token: bDisplayLink.token, screenId: aPlaylist.screens[1]!.id }, namesA: true },
  ],
  'GET /api/v1/tv-playlists': nothing,
  'POST /api/v1/tv-playlists': () => [
    { json: { name: `Beta playlist ${unique()}`, screens: [{ kind: 'leaderboard', durationSeconds: 20 }] } },
    { json: { name: 'Beta stolen', screens: [{ kind: 'team', teamId: aTeam.id, durationSeconds: 20 }] }, namesA: true },
  ],
  'PUT /api/v1/tv-playlists/{id}': () => [
    { params: { id: aPlaylist.id }, json: { name: 'Taken', screens: [{ kind: 'week', durationSeconds: 20 }] }, namesA: true },
  ],
  'DELETE /api/v1/tv-playlists/{id}': () => [{ params: { id: aPlaylist.id }, namesA: true }],

  // celebrations and reactions: B's own choices and feed; A's sale is no item B may react to
  'GET /api/v1/celebrations/settings': nothing,
  'PUT /api/v1/celebrations/settings': () => [
    {
      json: {
        sales: false,
        saleMinimum: 0,
        meetings: true,
        goals: false,
        records: true,
        contests: true,
        badges: true,
        sound: false,
        style: 'banner',
      },
    },
  ],
  'GET /api/v1/feed': () => [{ query: 'limit=50' }, { query: `limit=50&teamId=${aTeam.id}`, namesA: true }],
  'POST /api/v1/feed/reactions': () => [
    { json: { itemType: 'activity', itemId: aSale.id, emoji: '🔥' }, namesA: true },
    { json: { itemType: 'event', itemId: aSale.id, emoji: '🔥' }, namesA: true },
  ],
  'GET /api/v1/display/{token}/feed': () => [{ params: { token: bDisplayLink.token } }],

  // push notifications: B's own devices and choices; A's phone's endpoint is no device of B's to turn off
  'GET /api/v1/push/public-key': nothing,
  'GET /api/v1/me/push': nothing,
  'PUT /api/v1/me/push/preferences': () => [
    {
      json: {
        contestStarted: false,
        badgeEarned: true,
        wrapupComment: true,
        wrapupReminder: true,
        reminderTime: '16:30',
        quietFrom: null,
        quietTo: null,
      },
    },
  ],
  'POST /api/v1/me/push/subscriptions': () => [
    { json: { endpoint: `http://127.0.0.1:9/push/beta-${unique()}`, keys: { p256dh: 'BAAAAAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } } },
  ],
  'POST /api/v1/me/push/subscriptions/remove': () => [{ json: { endpoint: aPushEndpoint } }],

  // KPI rules
  'GET /api/v1/kpi-rules': nothing,
  'PATCH /api/v1/kpi-rules/{id}': () => [{ params: { id: aKpiRuleId }, json: { basePoints: 99, enabled: false }, namesA: true }],
  // A built-in kind's points (decision 117): B's admin sets B's rules, never A's.
  'PATCH /api/v1/kpi-rules/kinds/{key}': () => [
    { params: { key: 'call' }, json: { points: 9, outcomes: { moved_forward: 9, meeting_booked: 9, not_answered: 9 } } },
  ],

  // settings
  'GET /api/v1/me/profile': nothing,
  'PATCH /api/v1/me/profile': () => [{ json: { displayName: `Beta person ${unique()}` } }],
  // pictures: always the caller's own; a picture's random id is its key (public, like a display
  // token), so B fetches its own, with A's ids smuggled in
  'PUT /api/v1/me/avatar': () => [{ body: PICTURE, headers: { 'content-type': 'image/png' } }],
  'DELETE /api/v1/me/avatar': nothing,
  'GET /api/v1/avatars/{id}': async () => [{ params: { id: await fixtures.avatar(bRep, PICTURE) } }],
  'GET /api/v1/company': nothing,
  'PATCH /api/v1/company': () => [{ json: { name: `Beta Sales ${unique()}` } }],

  // team
  'GET /api/v1/team/members': nothing,
  'PATCH /api/v1/team/members/{userId}/role': () => [
    { params: { userId: aRep.id }, json: { role: 'admin' }, namesA: true },
    { params: { userId: aAdmin.id }, json: { role: 'user' }, namesA: true },
  ],
  'PATCH /api/v1/team/members/{userId}/boards': () => [
    { params: { userId: aRep.id }, json: { onBoards: false }, namesA: true },
    { params: { userId: aAdmin.id }, json: { onBoards: false }, namesA: true },
  ],
  'DELETE /api/v1/team/members/{userId}': () => [
    { params: { userId: aRep.id }, namesA: true },
    { params: { userId: aAdmin.id }, namesA: true },
  ],

  // teams (decision 040): A's team named in a path, a body or a board's filter is not found
  'GET /api/v1/teams': nothing,
  // A's own activity types (decision 100): B's list is B's; A's type by its id is not found, nor logged.
  'GET /api/v1/activity-types': nothing,
  'POST /api/v1/activity-types': () => [
    { json: { names: { en: `Beta type ${unique()}` }, icon: 'star', colour: 'blue', points: 1, outcomes: [], fields: [], bonus: null } },
  ],
  'POST /api/v1/activity-types/templates': () => [{ json: { template: 'sdr' } }],
  'PUT /api/v1/activity-types/{id}': () => [
    {
      params: { id: aType.id },
      json: { names: { en: `Beta type ${unique()}` }, icon: 'star', colour: 'blue', points: 1, outcomes: [], fields: [], bonus: null },
      namesA: true,
    },
  ],
  'POST /api/v1/activity-types/{id}/archive': () => [{ params: { id: aType.id }, namesA: true }],
  'POST /api/v1/activity-types/{id}/restore': () => [{ params: { id: aType.id }, namesA: true }],
  'DELETE /api/v1/activity-types/{id}': () => [{ params: { id: aType.id }, namesA: true }],
  // A built-in kind's daily bonus (decision 115): B's admin sets B's, never A's.
  'PUT /api/v1/activity-types/built-in/{key}/bonus': () => [{ params: { key: 'meeting' }, json: { bonus: { threshold: 3, points: 5 } } }],
  // A built-in kind's name (decision 116): B's admin renames B's, never A's.
  'PUT /api/v1/activity-types/built-in/{key}/names': () => [{ params: { key: 'sale' }, json: { names: { en: `Beta deal ${unique()}` } } }],
  // A's KPIs (decision 101): B's list and values are B's; A's KPI, type or team named anywhere is refused.
  'GET /api/v1/kpis': nothing,
  'GET /api/v1/kpis/values': () => [
    { query: 'from=2000-01-01&to=2000-12-31' },
    { query: `from=2026-01-01&to=2026-12-31&ids=${aKpi.id}`, namesA: true },
    { query: `from=2026-01-01&to=2026-12-31&teamId=${aTeam.id}`, namesA: true },
  ],
  'POST /api/v1/kpis': () => [
    {
      json: {
        names: { en: `Beta KPI ${unique()}` },
        formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['call'] },
        format: 'number',
      },
    },
    {
      json: { names: { en: `Beta KPI ${unique()}` }, formula: { kind: 'ratio', left: aKpi.id, right: 'calls' }, format: 'percent' },
      namesA: true,
    },
    {
      json: {
        names: { en: `Beta KPI ${unique()}` },
        formula: { kind: 'aggregate', aggregate: 'count', typeIds: [aType.id] },
        format: 'number',
      },
      namesA: true,
    },
  ],
  'PUT /api/v1/kpis/{id}': () => [
    {
      params: { id: aKpi.id },
      json: {
        names: { en: `Beta KPI ${unique()}` },
        formula: { kind: 'aggregate', aggregate: 'count', typeIds: ['call'] },
        format: 'number',
      },
      namesA: true,
    },
  ],
  'DELETE /api/v1/kpis/{id}': () => [{ params: { id: aKpi.id }, namesA: true }],
  'GET /api/v1/kpis/series': () => [
    { query: 'id=calls&from=2026-01-01&to=2026-01-31' },
    { query: `id=${aKpi.id}&from=2026-01-01&to=2026-01-31`, namesA: true },
    { query: `id=calls&from=2026-01-01&to=2026-01-31&teamId=${aTeam.id}`, namesA: true },
  ],
  // A's boards (decision 102): B's list is B's; A's board is not found; A's KPI or team on B's board is refused.
  'GET /api/v1/boards': nothing,
  'GET /api/v1/boards/{id}': () => [{ params: { id: aBoard.id }, namesA: true }],
  'POST /api/v1/boards': () => [
    { json: { name: `Beta board ${unique()}`, sharing: 'private', widgets: [{ kind: 'number', kpiId: 'calls' }] } },
    { json: { name: `Beta board ${unique()}`, sharing: 'private', widgets: [{ kind: 'number', kpiId: aKpi.id }] }, namesA: true },
    { json: { name: `Beta board ${unique()}`, sharing: 'team', teamId: aTeam.id, widgets: [] }, namesA: true },
  ],
  'PUT /api/v1/boards/{id}': () => [
    { params: { id: aBoard.id }, json: { name: `Beta board ${unique()}`, sharing: 'private', widgets: [] }, namesA: true },
  ],
  'DELETE /api/v1/boards/{id}': () => [{ params: { id: aBoard.id }, namesA: true }],
  'PUT /api/v1/boards/{id}/home': () => [{ params: { id: aBoard.id }, namesA: true }],
  'DELETE /api/v1/boards/{id}/home': () => [{ params: { id: aBoard.id }, namesA: true }],
  'POST /api/v1/teams': () => [{ json: { name: `Beta team ${unique()}` } }],
  'PATCH /api/v1/teams/{id}': () => [{ params: { id: aTeam.id }, json: { name: `Beta team ${unique()}` }, namesA: true }],
  'DELETE /api/v1/teams/{id}': () => [{ params: { id: aTeam.id }, namesA: true }],
  'PUT /api/v1/teams/{id}/leads': () => [{ params: { id: aTeam.id }, json: { userIds: [] }, namesA: true }],
  'PUT /api/v1/team/members/{userId}/team': () => [
    { params: { userId: aRep.id }, json: { teamId: null }, namesA: true },
    { params: { userId: bRep.id }, json: { teamId: aTeam.id }, namesA: true },
  ],

  // invitations: A's code is a credential for joining A, which a member of B cannot use
  'POST /api/v1/invitations': () => [{ json: { role: 'admin' } }, { json: { role: 'user', teamId: aTeam.id }, namesA: true }],
  'GET /api/v1/invitations': nothing,
  'DELETE /api/v1/invitations/{id}': () => [{ params: { id: aInvitation.id }, namesA: true }],
  'GET /api/v1/invitations/preview/{code}': () => [{ params: { code: bInvitation.code } }],
  'POST /api/v1/invitations/accept': () => [{ json: { code: aInvitation.code }, namesA: true }],
  'POST /api/v1/invitations/send': () => [
    { json: { emails: [`beta-${unique()}@example.com`] } },
    { json: { emails: [`beta-${unique()}@example.com`], teamId: aTeam.id }, namesA: true },
  ],
  'POST /api/v1/invitations/{id}/resend': () => [{ params: { id: aInvitation.id }, namesA: true }],
  'GET /api/v1/setup': nothing,
  'POST /api/v1/setup/steps/{step}': () => [{ params: { step: 'company' } }],
  'POST /api/v1/setup/dismiss': () => [{ json: {} }],
  'POST /api/v1/invitations/magic-link': () => [{ json: { code: aInvitation.code, email: `beta-${unique()}@example.com` } }],

  // administration
  'GET /api/v1/admin/signup-policy': nothing,
  'PUT /api/v1/admin/signup-policy': () => [{ json: { policy: 'open' } }],
  'GET /api/v1/signup-policy': nothing,
  'GET /api/v1/admin/billing': nothing,
  'GET /api/v1/admin/audit-log': () => [{}, { query: `cursor=${aAuditIds.at(-1)}&limit=100` }],

  // companies: B's people already belong to B
  'POST /api/v1/companies': () => [{ json: { name: `Gamma ${unique()}` } }],

  // the contact form's inbox belongs to A (the operator company)
  'POST /api/v1/contact': () => [
    { json: { name: 'Beta lead', email: `beta-lead-${unique()}@example.com`, teamSize: '6-10', message: 'A demo for Beta, please' } },
  ],
  'GET /api/v1/admin/contact-requests': () => [{ query: 'status=all' }],
  'PATCH /api/v1/admin/contact-requests/{id}': () => [{ params: { id: aContactRequestId }, json: { handled: true }, namesA: true }],
  'DELETE /api/v1/admin/contact-requests/{id}': () => [{ params: { id: aContactRequestId }, namesA: true }],

  // activities and customers: B searching for A's customer by name finds nothing
  'POST /api/v1/activities': () => [
    { json: { kind: 'call', answered: true, outcome: 'moved_forward', customerName: `Beta customer ${unique()}` } },
    // Logging on behalf of A's rep (decision 086): nobody of B manages them.
    { json: { kind: 'meeting', userId: aRep.id }, namesA: true },
    // One of A's own types (decision 100): not found for B.
    { json: { kind: 'custom', typeId: aType.id, outcome: aType.outcomes[0]!.id }, namesA: true },
  ],
  // the sync feed: B's admin naming A's people, or paging from A's activity, finds nothing
  'GET /api/v1/activities': () => [{ query: 'limit=1000' }, { query: `member=${aRep.id}` }, { query: `member=${aAdmin.id}&type=sale` }],
  'GET /api/v1/activities/mine': nothing,
  'GET /api/v1/activities/log-options': nothing,
  'GET /api/v1/activities/{id}': () => [
    { params: { id: aActivity.id }, namesA: true },
    { params: { id: aSale.id }, namesA: true },
  ],
  'PATCH /api/v1/activities/{id}': () => [
    { params: { id: aActivity.id }, json: { notes: 'hijacked' }, namesA: true },
    { params: { id: aSale.id }, json: { ticketSize: 1 }, namesA: true },
  ],
  'DELETE /api/v1/activities/{id}': () => [{ params: { id: aActivity.id }, namesA: true }],
  'GET /api/v1/customers/suggest': () => [{ query: `q=${aCustomerPrefix}` }, { query: 'q=Alpha' }],
  'GET /api/v1/customers': () => [{ query: `search=${aCustomerPrefix}&limit=500` }, { query: 'limit=500' }],
  'POST /api/v1/customers': () => [{ json: { name: `Beta customer ${unique()}` } }],
  // corrections (decision 041): B's admin renaming, archiving or merging A's customers finds nothing
  'PATCH /api/v1/customers/{id}': () => [
    { params: { id: aCustomer.id }, json: { name: `Beta renamed ${unique()}` }, namesA: true },
    { params: { id: aCustomer.id }, json: { archived: true }, namesA: true },
  ],
  'POST /api/v1/customers/{id}/merge': () => [{ params: { id: aCustomer.id }, json: { into: crypto.randomUUID() }, namesA: true }],
  'GET /api/v1/goals/me': nothing,
  'PUT /api/v1/goals/me': () => [{ json: { dailyCalls: 1, dailyMeetings: 1, dailySales: 1 } }],
  'GET /api/v1/stats/me/today': nothing,
  'GET /api/v1/wrapups/today': nothing,
  'PUT /api/v1/wrapups/today': () => [{ json: { calls: 1, meetings: 0, sales: 0, points: 1, good: 'Beta good', improve: 'Beta improve' } }],
  'GET /api/v1/wrapups/history': nothing,

  // exports (decision 034): B's own files, over all of history, hold nothing of A's (CSV, so the
  // text can be searched; XLSX cells are read back in server/modules/exports/exports.engines.test.ts);
  // naming A's people is refused (a rep: 403, an admin: 404)
  'GET /api/v1/exports/activities': () => [
    { query: 'from=1900-01-01&to=2999-12-31' },
    { query: `member=${aRep.id}&period=month`, namesA: true },
    { query: `member=${aAdmin.id}&from=1900-01-01&to=2999-12-31`, namesA: true },
  ],
  'GET /api/v1/exports/wrapups': () => [
    { query: 'from=1900-01-01&to=2999-12-31' },
    { query: `member=${aRep.id}&from=1900-01-01&to=2999-12-31`, namesA: true },
  ],
  'GET /api/v1/exports/leaderboard': () => [
    { query: 'from=1900-01-01&to=2999-12-31' },
    { query: `member=${aRep.id}&period=month`, namesA: true },
  ],
  'GET /api/v1/exports/goals': () => [{}, { query: `member=${aRep.id}`, namesA: true }],
  'GET /api/v1/exports/members': () => [{}, { query: 'format=xlsx' }],
  'GET /api/v1/exports/kpis': () => [{ query: 'period=month&format=xlsx' }, { query: `member=${aRep.id}&period=month`, namesA: true }],

  // personal access tokens: A's token is A's rep's credential; B can neither see nor revoke it
  'POST /api/v1/me/api-tokens': () => [{ json: { name: `Beta token ${unique()}`, scopes: ['stats:read'], expiresInDays: 30 } }],
  'GET /api/v1/me/api-tokens': nothing,
  'DELETE /api/v1/me/api-tokens/{id}': () => [{ params: { id: aToken.token.id }, namesA: true }],
  'GET /api/v1/admin/api-tokens': nothing,
  'DELETE /api/v1/admin/api-tokens/{id}': () => [{ params: { id: aToken.token.id }, namesA: true }],

  // spreadsheet imports (decision 039): B's own upload and history hold nothing of A's; A's
  // imports, waiting or committed, are not B's to check, commit or undo
  'POST /api/v1/imports': () => [importUpload('nobody@example.com', 'beta.csv')],
  'GET /api/v1/imports': nothing,
  'POST /api/v1/imports/{id}/validate': () => [{ params: { id: aPendingImportId }, json: { mapping: { date: 0 } }, namesA: true }],
  'POST /api/v1/imports/{id}/commit': () => [
    { params: { id: aPendingImportId }, json: { mapping: { date: 0, email: 1, type: 2 }, skipFailing: true }, namesA: true },
  ],
  'POST /api/v1/imports/{id}/undo': () => [{ params: { id: aImportId }, namesA: true }],
  // badges (decision 050): B's own; A's rep's badges (their first sale) are not B's to read
  'GET /api/v1/badges/members/{userId}': () => [{ params: { userId: aRep.id }, namesA: true }],
  'GET /api/v1/badges/recent': nothing,
  'GET /api/v1/badges/settings': nothing,
  'PUT /api/v1/badges/settings/{kind}': () => [{ params: { kind: 'first_sale' }, json: { enabled: false } }],
  // A's own badges (decision 107): B's list is B's; A's badge or KPI named anywhere is refused.
  'GET /api/v1/badges/company': nothing,
  'POST /api/v1/badges/company': () => [
    { json: { names: { en: `Beta badge ${unique()}` }, icon: 'star', colour: 'blue', kpiId: 'calls', threshold: 5, period: 'day' } },
    {
      json: { names: { en: `Beta badge ${unique()}` }, icon: 'star', colour: 'blue', kpiId: aKpi.id, threshold: 5, period: 'day' },
      namesA: true,
    },
  ],
  'PUT /api/v1/badges/company/{id}': () => [
    {
      params: { id: aCompanyBadge.id },
      json: { names: { en: `Beta badge ${unique()}` }, icon: 'star', colour: 'blue', kpiId: 'calls', threshold: 5, period: 'day' },
      namesA: true,
    },
  ],
  'DELETE /api/v1/badges/company/{id}': () => [{ params: { id: aCompanyBadge.id }, namesA: true }],
  // the working calendar and targets: B's own; A's target and A's people are not B's to list or end
  'GET /api/v1/calendar': () => [{}, { query: 'language=nb' }],
  'PUT /api/v1/calendar': () => [{ json: { country: 'SE' } }],
  'POST /api/v1/calendar/days-off': () => [{ json: { date: '2030-07-02', label: 'Beta closed' } }],
  'DELETE /api/v1/calendar/days-off/{date}': () => [{ params: { date: '2030-07-01' }, namesA: true }],
  'GET /api/v1/targets': () => [{}, { query: `userId=${aRep.id}`, namesA: true }, { query: `teamId=${aTeam.id}`, namesA: true }],
  'GET /api/v1/targets/subjects': nothing,
  'POST /api/v1/targets': () => [
    { json: { userId: aRep.id, metric: 'calls', period: 'week', value: 5, effectiveFrom: '2999-01-01' }, namesA: true },
    { json: { teamId: aTeam.id, metric: 'calls', period: 'week', value: 5, effectiveFrom: '2999-01-01' }, namesA: true },
  ],
  'POST /api/v1/targets/{id}/end': () => [
    { params: { id: aTarget.id }, namesA: true },
    { params: { id: aTeamTarget.id }, namesA: true },
  ],
  // contests (decision 049): B's own list; A's contest, A's team and A's people are not B's
  'GET /api/v1/contests': nothing,
  // An admin's preview of their own digest (decision 088): only their own company's week.
  'GET /api/v1/digest/preview': nothing,
  'POST /api/v1/digest/preview/send': nothing,
  'POST /api/v1/contests': () => [
    { json: { ...aContestBody, name: 'Beta contest', prizes: 'Beta prize' }, namesA: true },
    {
      json: { ...aContestBody, name: 'Beta contest', prizes: 'Beta prize', participants: 'people', teamIds: [], userIds: [aRep.id] },
      namesA: true,
    },
  ],
  'GET /api/v1/contests/{id}': () => [{ params: { id: aContest.id }, namesA: true }],
  'PUT /api/v1/contests/{id}': () => [
    { params: { id: aContest.id }, json: { ...aContestBody, name: 'Beta rename', prizes: 'Beta prize' }, namesA: true },
  ],
  'DELETE /api/v1/contests/{id}': () => [{ params: { id: aContest.id }, namesA: true }],
  'GET /api/v1/display/{token}/contests/{id}': () => [{ params: { token: bDisplayLink.token, id: aContest.id }, namesA: true }],
  // a lead's people's goals (decision 044): B's own people only; A's rep is not B's to set
  'GET /api/v1/goals/team': nothing,
  'PUT /api/v1/goals/members/{userId}': () => [
    { params: { userId: aRep.id }, json: { dailyCalls: 1, dailyMeetings: 1, dailySales: 1 }, namesA: true },
  ],
  'GET /api/v1/targets/me': () => [{}, { query: 'on=2999-01-01' }],
  'GET /api/v1/targets/people': () => [{ query: 'kpi=points&period=month' }, { query: 'kpi=sales_value&period=month&on=2999-01-01' }],
  // coaching (decision 045): A's wrap-ups, their conversations and 1:1 notes are A's coaches'
  'GET /api/v1/coaching/wrapups': () => [{}, { query: `memberId=${aRep.id}`, namesA: true }],
  'GET /api/v1/coaching/wrapups/{id}': () => [{ params: { id: aWrapup.wrapup.id }, namesA: true }],
  'POST /api/v1/coaching/wrapups/{id}/read': () => [{ params: { id: aWrapup.wrapup.id }, namesA: true }],
  'POST /api/v1/coaching/wrapups/{id}/comments': () => [
    { params: { id: aWrapup.wrapup.id }, json: { body: 'Beta comment' }, namesA: true },
  ],
  'GET /api/v1/coaching/my-threads': nothing,
  // a count of B's own people's wrap-ups: A's never count (coaching.test.ts proves the number)
  'GET /api/v1/coaching/unread': nothing,
  'GET /api/v1/coaching/members/{memberId}/notes': () => [{ params: { memberId: aRep.id }, namesA: true }],
  'POST /api/v1/coaching/members/{memberId}/notes': () => [
    { params: { memberId: aRep.id }, json: { kind: 'note', body: 'Beta note' }, namesA: true },
  ],
  'PATCH /api/v1/coaching/notes/{id}': () => [{ params: { id: aCoachingNoteId }, json: { done: true }, namesA: true }],
  'DELETE /api/v1/coaching/notes/{id}': () => [{ params: { id: aCoachingNoteId }, namesA: true }],
  // a page per rep (decision 046): A's people's pages are not B's to open, whatever B's role
  'GET /api/v1/people/{id}/overview': () => [
    { params: { id: aRep.id }, namesA: true },
    { params: { id: aAdmin.id }, query: 'funnel=weeks12', namesA: true },
  ],
  // webhooks: A's endpoints, secrets and deliveries are A's admins' alone; B's admin naming them
  // (also through B's own endpoint) finds nothing
  // inbound sources (decision 120): A's by id are not found; A's URL without A's secret takes nothing
  'GET /api/v1/admin/inbound-sources': nothing,
  'POST /api/v1/admin/inbound-sources': () => [{ json: { name: 'Beta source' } }],
  'PATCH /api/v1/admin/inbound-sources/{id}': () => [{ params: { id: aInboundSource.id }, json: { enabled: false }, namesA: true }],
  'DELETE /api/v1/admin/inbound-sources/{id}': () => [{ params: { id: aInboundSource.id }, namesA: true }],
  'POST /api/v1/admin/inbound-sources/{id}/rotate-secret': () => [{ params: { id: aInboundSource.id }, namesA: true }],
  'GET /api/v1/admin/inbound-sources/{id}/payloads': () => [{ params: { id: aInboundSource.id }, namesA: true }],
  'POST /api/v1/inbound/{id}': () => [
    {
      params: { id: aInboundSource.id },
      body: JSON.stringify({ id: 'beta-1' }),
      headers: {
        'content-type': 'application/json',
        'x-signature': 'sha256=00',
        'webhook-id': 'msg_beta',
        'webhook-timestamp': '1',
        'webhook-signature': 'v1,AAAA',
      },
      namesA: true,
    },
  ],
  'GET /api/v1/admin/webhooks': nothing,
  'POST /api/v1/admin/webhooks': () => [{ json: { url: 'http://127.0.0.1:9/beta', events: ['activity.created'] } }],
  'GET /api/v1/admin/webhooks/{id}': () => [{ params: { id: aWebhook.id }, namesA: true }],
  'PATCH /api/v1/admin/webhooks/{id}': () => [{ params: { id: aWebhook.id }, json: { enabled: false }, namesA: true }],
  'DELETE /api/v1/admin/webhooks/{id}': () => [{ params: { id: aWebhook.id }, namesA: true }],
  'POST /api/v1/admin/webhooks/{id}/rotate-secret': () => [{ params: { id: aWebhook.id }, namesA: true }],
  'POST /api/v1/admin/webhooks/{id}/test': () => [{ params: { id: aWebhook.id }, namesA: true }],
  'GET /api/v1/admin/webhooks/{id}/deliveries': () => [{ params: { id: aWebhook.id }, namesA: true }],
  'POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend': () => [
    { params: { id: aWebhook.id, deliveryId: aWebhookDeliveryId }, namesA: true },
    { params: { id: bWebhook.id, deliveryId: aWebhookDeliveryId }, namesA: true },
  ],
  // Slack and Teams: A's channels are A's; B can neither list, change, test nor delete them
  'GET /api/v1/admin/chat-integrations': nothing,
  'POST /api/v1/admin/chat-integrations': () => [
    {
      json: {
        platform: 'slack',
        url: `https://hooks.slack.com/services/T0BETA/B0BETA/beta${unique()}`,
        language: 'en',
        choices: { sales: true, goals: true, dailySummary: { enabled: true, localTime: '16:00' } },
      },
    },
  ],
  'PATCH /api/v1/admin/chat-integrations/{id}': () => [{ params: { id: aChat.id }, json: { enabled: false }, namesA: true }],
  'DELETE /api/v1/admin/chat-integrations/{id}': () => [{ params: { id: aChat.id }, namesA: true }],
  'POST /api/v1/admin/chat-integrations/{id}/test': () => [{ params: { id: aChat.id }, namesA: true }],

  // personal data: B's own download holds nothing of A's; an admin of B cannot export or erase
  // A's people; a member of B deleting their own account (really: a new member each time) with
  // A's ids smuggled in deletes only themself
  'GET /api/v1/me/data': nothing,
  'GET /api/v1/me/account-deletion': nothing,
  'DELETE /api/v1/me': () => [{ caller: newMemberOfB, json: {} }],
  'GET /api/v1/team/members/{userId}/data': () => [
    { params: { userId: aRep.id }, namesA: true },
    { params: { userId: aAdmin.id }, namesA: true },
  ],
  'DELETE /api/v1/team/members/{userId}/data': () => [
    { params: { userId: aRep.id }, namesA: true },
    { params: { userId: aAdmin.id }, namesA: true },
  ],
};

/** A new member of B with the persona's role, whose call carries their own password (DELETE /me). */
async function newMemberOfB(persona: Persona): Promise<TestUser> {
  const person = await joiner(bAdmin, `Beta Leaver ${unique()}`);
  if (persona === 'admin') {
    await expectOk(
      await t.request(`/api/v1/team/members/${person.id}/role`, { method: 'PATCH', as: bAdmin, json: { role: 'admin' } }),
      'make admin',
    );
  }
  return person;
}

/**
 * Each call as B wrote it, and again with A's ids smuggled into the query string, the headers and
 * the body (fields a careless handler might read instead of the session's company and person).
 */
function withSmuggledIds(call: IsolationCall): { how: string; call: IsolationCall }[] {
  const ids = {
    companyId: aAdmin.companyId,
    company_id: aAdmin.companyId,
    userId: aRep.id,
    user_id: aRep.id,
    id: aActivity.id,
    teamId: aTeam.id,
  };
  const query = Object.entries(ids)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const variants = [
    { how: 'as is', call },
    { how: 'A ids in the query', call: { ...call, query: call.query ? `${call.query}&${query}` : query } },
    {
      how: 'A ids in headers',
      call: {
        ...call,
        headers: {
          ...call.headers,
          'x-company-id': aAdmin.companyId,
          'x-user-id': aRep.id,
          'x-tenant-id': aAdmin.companyId,
          'x-forwarded-user': aRep.email,
        },
      },
    },
  ];
  if (call.json && typeof call.json === 'object' && !Array.isArray(call.json)) {
    variants.push({ how: 'A ids in the body', call: { ...call, json: { ...call.json, ...ids } } });
  }
  return variants;
}

// ---- the test ---------------------------------------------------------------------------------------

const operations = (await readOperations(t)).map((operation) => operation.key);
const callsBy: Record<Persona, number> = { rep: 0, admin: 0 };
let addressCounter = 0;

async function callAsB(persona: Persona, key: string, call: IsolationCall): Promise<Answer> {
  callsBy[persona]++;
  // Each call from its own address: per-address limits (magic links, access codes) stay out of the way.
  const address = `198.51.100.${++addressCounter % 250}`;
  const caller = call.caller ? await call.caller(persona) : bCaller[persona];
  // A call made by a new member confirms with that member's own password.
  const json = call.caller && call.json && typeof call.json === 'object' ? { password: caller.password, ...call.json } : call.json;
  return callOperation(
    t,
    key,
    { ...call, json, headers: { 'x-forwarded-for': `10.${addressCounter >> 8}.0.1, ${address}`, ...call.headers } },
    caller,
  );
}

describe('the isolation table covers every operation', () => {
  it('every documented operation has an entry (add yours to ISOLATION)', () => {
    expect(operations.filter((key) => !(key in ISOLATION))).toEqual([]);
  });

  it('every entry names a documented operation (no stale entries)', () => {
    expect(Object.keys(ISOLATION).filter((key) => !operations.includes(key))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it("find A's data in A's own answers", async () => {
    const leaderboard = await callOperation(t, 'GET /api/v1/scoreboard/recent-activities', { query: 'limit=50&period=month' }, aAdmin);
    expect(findLeaks(leaderboard.text)).toEqual(expect.arrayContaining(["rep's display name", 'customer name']));
    const members = await callOperation(t, 'GET /api/v1/team/members', {}, aAdmin);
    expect(findLeaks(members.text)).toEqual(expect.arrayContaining(["rep's id", "rep's e-mail", "admin's id"]));
    const inbox = await callOperation(t, 'GET /api/v1/admin/contact-requests', {}, aAdmin);
    expect(findLeaks(inbox.text)).toEqual(expect.arrayContaining(['lead name', 'lead e-mail', 'contact request id']));
  });

  it("see a change to A's rows", async () => {
    const before = await snapshotA();
    await t.request('/api/v1/goals/me', { method: 'PUT', as: aRep, json: { dailyCalls: 43, dailyMeetings: 4, dailySales: 2 } });
    const afterGoal = await snapshotA();
    expect(afterGoal).not.toEqual(before);
    await fixtures.post(aAdmin, '/api/v1/invitations', {}); // and back to a known state: nothing else compares it
    expect(await snapshotA()).not.toEqual(afterGoal);
  });
});

describe.each(operations)('%s', (key) => {
  it.each(['rep', 'admin'] as const)("as B's %s: nothing of A's is read or changed", async (persona) => {
    const entry = ISOLATION[key];
    if (!entry) throw new Error(`${key} has no entry in ISOLATION: decide what a member of another company sends it`);
    const problems: string[] = [];
    const before = await snapshotA();
    for (const base of await entry(persona)) {
      for (const { how, call } of withSmuggledIds(base)) {
        const answer = await callAsB(persona, key, call);
        const label = `${how} ${JSON.stringify({ params: call.params, query: call.query, json: call.json })} -> ${answer.status}`;
        if (answer.status >= 500) problems.push(`${label}: a server error`);
        const leaks = findLeaks(answer.text);
        if (leaks.length > 0) problems.push(`${label}: shows A's ${leaks.join(', ')}`);
        if (base.namesA && answer.status < 400) problems.push(`${label}: succeeded on A's thing`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshotA(), `${key} as B's ${persona} changed A's rows`).toEqual(before);
  });
});

describe("B's live streams", () => {
  it("hear B's changes and nothing of A's", async () => {
    const streams = [
      openEventStream(
        await t.request(`/api/v1/events?client=isolation-${unique()}`, { as: bRep, headers: { 'x-company-id': aAdmin.companyId } }),
      ),
      openEventStream(
        await t.request(`/api/v1/display/${bDisplayLink.token}/events?client=isolation-${unique()}&companyId=${aAdmin.companyId}`),
      ),
    ];
    try {
      for (const stream of streams) await stream.until(/event: ready/, 10_000);
      // A logs, edits, and changes its rules; then B logs one call.
      const logged = await fixtures.activity(aRep, {
        kind: 'call',
        answered: true,
        outcome: 'moved_forward',
        customerName: aCustomerName,
        notes: aNote,
      });
      await t.request(`/api/v1/activities/${logged.id}`, { method: 'PATCH', as: aRep, json: { notes: `${aNote} again` } });
      await t.request(`/api/v1/kpi-rules/${aKpiRuleId}`, { method: 'PATCH', as: aAdmin, json: { basePoints: 5 } });
      const bLogged = await fixtures.activity(bRep, { kind: 'call', answered: false });
      for (const stream of streams) {
        const text = await stream.until(new RegExp(`event: change[\\s\\S]*${bLogged.id}`), 10_000);
        expect(text, "B's stream got B's change").toContain(bLogged.id);
        expect(findLeaks(text)).toEqual([]);
        expect(text).not.toContain(logged.id);
        expect(text).not.toContain('kpi_rules');
      }
    } finally {
      for (const stream of streams) await stream.close();
    }
  });
});

afterAll(() => {
  console.info(
    `[tenant-isolation] ${testEngine}: ${operations.length} operations, ${callsBy.rep + callsBy.admin} calls by company B ` +
      `(rep ${callsBy.rep}, admin ${callsBy.admin}) with company A's ids in paths, queries, headers and bodies`,
  );
});
