import { afterAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCOPES, type ApiTokenScope, type CreatedApiToken } from '@core/contracts';
import { createFixtures } from './test/fixtures';
import { type Call, callOperation } from './test/openapi';
import { createTestApp } from './test/test-app';

/*
 * Every operation of the OpenAPI document says how it authenticates (decision 035), and does what
 * it says. An operation that accepts personal access tokens declares the one scope it needs; it is
 * called with a token of each scope: the scope it declares succeeds, every other one gets 403
 * insufficient_scope. Every other operation (cookie-only, or public) refuses a token holding every
 * scope with 403 token_not_accepted. Generated from the document, so a new operation is covered
 * the moment it is mounted; one with a path parameter needs a way to make its thing (PREPARE).
 */

type SecurityRequirement = Record<string, string[]>;
type DocumentOperation = { security?: SecurityRequirement[] };
type Document = {
  paths: Record<string, Record<string, DocumentOperation>>;
  components: { securitySchemes?: Record<string, { type: string; scheme?: string; in?: string; name?: string }> };
};

const t = await createTestApp({ env: { API_TOKEN_RATE_LIMIT: '100000' } });
afterAll(() => t.close());
const fixtures = createFixtures(t);
const admin = await fixtures.provisioned('Scope Admin');

const doc = (await (await t.request('/api/openapi.json')).json()) as Document;
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, security: operation.security })),
);

type Kind = { kind: 'token'; scope: ApiTokenScope } | { kind: 'cookie-only' } | { kind: 'public' } | { kind: 'undeclared'; why: string };

/** How an operation authenticates, read from its `security`. */
function classify(security: SecurityRequirement[] | undefined): Kind {
  if (security === undefined) return { kind: 'undeclared', why: 'no security of its own' };
  if (security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0)) return { kind: 'public' };
  const bearer = security.filter((requirement) => 'personalAccessToken' in requirement);
  const cookie = security.filter((requirement) => 'sessionCookie' in requirement);
  if (cookie.length !== 1 || bearer.length + cookie.length !== security.length)
    return { kind: 'undeclared', why: JSON.stringify(security) };
  if (bearer.length === 0) return { kind: 'cookie-only' };
  const scopes = bearer[0]!.personalAccessToken!;
  if (bearer.length !== 1 || scopes.length !== 1 || !(API_TOKEN_SCOPES as readonly string[]).includes(scopes[0]!)) {
    return { kind: 'undeclared', why: `a token operation must name exactly one known scope: ${JSON.stringify(security)}` };
  }
  return { kind: 'token', scope: scopes[0] as ApiTokenScope };
}

const classified = operations.map((operation) => ({ ...operation, ...classify(operation.security) }));
const tokenOperations = classified.filter((operation) => operation.kind === 'token') as { key: string; scope: ApiTokenScope }[];
const otherOperations = classified.filter((operation) => operation.kind === 'cookie-only' || operation.kind === 'public');

async function makeToken(scopes: readonly ApiTokenScope[]): Promise<string> {
  const response = await t.request('/api/v1/me/api-tokens', {
    method: 'POST',
    as: admin,
    json: { name: `Scopes ${scopes.join(' ')}`, scopes, expiresInDays: 30 },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as CreatedApiToken).secret;
}

/** Tokens of the admin: one per scope, one with every scope but one, and one with every scope. */
const tokenWith = Object.fromEntries(await Promise.all(API_TOKEN_SCOPES.map(async (scope) => [scope, await makeToken([scope])]))) as Record<
  ApiTokenScope,
  string
>;
const tokenWithout = Object.fromEntries(
  await Promise.all(API_TOKEN_SCOPES.map(async (scope) => [scope, await makeToken(API_TOKEN_SCOPES.filter((s) => s !== scope))])),
) as Record<ApiTokenScope, string>;
const tokenWithEvery = await makeToken(API_TOKEN_SCOPES);

/** A call that succeeds for the admin, for token operations that need a body or a thing of theirs. */
const PREPARE: Record<string, () => Promise<Call>> = {
  'POST /api/v1/activities': async () => ({ json: { kind: 'call', answered: false } }),
  'GET /api/v1/contests/{id}': async () => {
    const json = {
      name: 'Token contest',
      startsOn: '2999-01-04',
      endsOn: '2999-01-10',
      participants: 'everyone',
      mode: 'individual',
      weights: [{ metric: 'calls', weight: 1 }],
    };
    const response = await t.request('/api/v1/contests', { method: 'POST', as: admin, json });
    return { params: { id: ((await response.json()) as { id: string }).id } };
  },
  'GET /api/v1/activities/{id}': async () => ({ params: { id: (await fixtures.activity(admin)).id } }),
  'GET /api/v1/kpis/values': async () => ({ query: 'from=2026-12-01&to=2026-12-07' }),
  'GET /api/v1/kpis/series': async () => ({ query: 'id=calls&from=2026-12-01&to=2026-12-07' }),
  'GET /api/v1/targets/people': async () => ({ query: 'kpi=calls&period=week' }),
  'GET /api/v1/boards/{id}': async () => {
    const response = await t.request('/api/v1/boards', {
      method: 'POST',
      as: admin,
      json: { name: 'Token board', sharing: 'private', widgets: [] },
    });
    return { params: { id: ((await response.json()) as { id: string }).id } };
  },
  'GET /api/v1/badges/members/{userId}': async () => ({ params: { userId: admin.id } }),
  'PATCH /api/v1/activities/{id}': async () => ({ params: { id: (await fixtures.activity(admin)).id }, json: { notes: 'Edited' } }),
  'DELETE /api/v1/activities/{id}': async () => ({ params: { id: (await fixtures.activity(admin)).id } }),
  'POST /api/v1/admin/webhooks': async () => ({ json: { url: 'http://127.0.0.1:9/scoped', events: ['activity.created'] } }),
  'GET /api/v1/admin/webhooks/{id}': async () => ({ params: { id: (await webhook()).id } }),
  'PATCH /api/v1/admin/webhooks/{id}': async () => ({ params: { id: (await webhook()).id }, json: { description: 'Changed' } }),
  'DELETE /api/v1/admin/webhooks/{id}': async () => ({ params: { id: (await fixtures.webhookEndpoint(admin)).id } }),
  'POST /api/v1/admin/webhooks/{id}/rotate-secret': async () => ({ params: { id: (await webhook()).id } }),
  'POST /api/v1/admin/webhooks/{id}/test': async () => ({ params: { id: (await webhook()).id } }),
  'GET /api/v1/admin/webhooks/{id}/deliveries': async () => ({ params: { id: (await webhook()).id } }),
  'POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend': async () => {
    const { id } = await webhook();
    return { params: { id, deliveryId: await fixtures.webhookDelivery(admin, id) } };
  },
  'POST /api/v1/admin/chat-integrations': async () => ({
    json: {
      platform: 'slack',
      url: 'https://hooks.slack.com/services/T0SCOPE/B0SCOPE/scopeSecret',
      language: 'en',
      choices: { sales: true, goals: true, dailySummary: { enabled: false, localTime: '16:00' } },
    },
  }),
  'PATCH /api/v1/admin/chat-integrations/{id}': async () => ({
    params: { id: (await fixtures.chatIntegration(admin)).id },
    json: { language: 'nb' },
  }),
  'DELETE /api/v1/admin/chat-integrations/{id}': async () => ({ params: { id: (await fixtures.chatIntegration(admin)).id } }),
  'POST /api/v1/admin/chat-integrations/{id}/test': async () => ({ params: { id: (await fixtures.chatIntegration(admin)).id } }),
};

/** One webhook endpoint shared by the calls that leave it in place (a company holds at most 20). */
let sharedWebhook: Promise<{ id: string }> | null = null;
const webhook = () => (sharedWebhook ??= fixtures.webhookEndpoint(admin));

function callWithToken(key: string, call: Call, secret: string) {
  return callOperation(t, key, { ...call, headers: { ...call.headers, authorization: `Bearer ${secret}` } }, null);
}

describe('the document', () => {
  it('declares the session cookie and personal access tokens as its security schemes', () => {
    expect(doc.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'dealboard.session_token' },
      personalAccessToken: { type: 'http', scheme: 'bearer' },
    });
  });

  it('says for every operation how it authenticates: one token scope, cookie-only, or public', () => {
    expect(classified.filter((operation) => operation.kind === 'undeclared').map((operation) => operation.key)).toEqual([]);
    // What accepts tokens today, by scope (a change here is a change to the public API).
    const byScope = Object.fromEntries(
      API_TOKEN_SCOPES.map((scope) => [
        scope,
        tokenOperations
          .filter((o) => o.scope === scope)
          .map((o) => o.key)
          .sort(),
      ]),
    );
    expect(byScope).toEqual({
      'activities:read': [
        'GET /api/v1/activities',
        'GET /api/v1/activities/log-options',
        'GET /api/v1/activities/mine',
        'GET /api/v1/activities/{id}',
        'GET /api/v1/activity-types',
        'GET /api/v1/exports/activities',
        'GET /api/v1/exports/wrapups',
      ].sort(),
      'activities:write': ['DELETE /api/v1/activities/{id}', 'PATCH /api/v1/activities/{id}', 'POST /api/v1/activities'],
      'stats:read': [
        'GET /api/v1/boards',
        'GET /api/v1/boards/{id}',
        'GET /api/v1/kpis',
        'GET /api/v1/kpis/series',
        'GET /api/v1/kpis/values',
        'GET /api/v1/scoreboard/kpis',
        'GET /api/v1/scoreboard/team-stats',
        'GET /api/v1/scoreboard/leaderboard',
        'GET /api/v1/scoreboard/recent-activities',
        'GET /api/v1/feed',
        'GET /api/v1/scoreboard/weekly',
        'GET /api/v1/scoreboard/monthly',
        'GET /api/v1/scoreboard/company',
        'GET /api/v1/scoreboard/teams',
        'GET /api/v1/goals/me',
        'GET /api/v1/targets/me',
        'GET /api/v1/targets/people',
        'GET /api/v1/contests',
        'GET /api/v1/contests/{id}',
        'GET /api/v1/stats/me/today',
        'GET /api/v1/exports/leaderboard',
        'GET /api/v1/exports/kpis',
        'GET /api/v1/exports/goals',
        'GET /api/v1/badges/members/{userId}',
        'GET /api/v1/badges/recent',
        'GET /api/v1/badges/company',
      ].sort(),
      'members:read': ['GET /api/v1/exports/members', 'GET /api/v1/team/members', 'GET /api/v1/teams'],
      'webhooks:manage': [
        'DELETE /api/v1/admin/webhooks/{id}',
        'GET /api/v1/admin/webhooks',
        'GET /api/v1/admin/webhooks/{id}',
        'GET /api/v1/admin/webhooks/{id}/deliveries',
        'PATCH /api/v1/admin/webhooks/{id}',
        'POST /api/v1/admin/webhooks',
        'POST /api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend',
        'POST /api/v1/admin/webhooks/{id}/rotate-secret',
        'POST /api/v1/admin/webhooks/{id}/test',
        'GET /api/v1/admin/chat-integrations',
        'POST /api/v1/admin/chat-integrations',
        'PATCH /api/v1/admin/chat-integrations/{id}',
        'DELETE /api/v1/admin/chat-integrations/{id}',
        'POST /api/v1/admin/chat-integrations/{id}/test',
      ].sort(),
    });
  });
});

describe.each(tokenOperations)('$key (needs $scope)', ({ key, scope }) => {
  const prepare = PREPARE[key] ?? (async () => ({}));

  it.each(API_TOKEN_SCOPES.map((tokenScope) => [tokenScope]))('with a token of %s', async (tokenScope) => {
    if (key.includes('{') && !PREPARE[key]) throw new Error(`${key} takes a path parameter: add to PREPARE how to make one`);
    const answer = await callWithToken(key, await prepare(), tokenWith[tokenScope]);
    if (tokenScope === scope) {
      expect(answer.status, `${key} with ${tokenScope}: ${answer.text}`).toBeGreaterThanOrEqual(200);
      expect(answer.status, `${key} with ${tokenScope}: ${answer.text}`).toBeLessThan(300);
    } else {
      expect(answer.status, `${key} with ${tokenScope}: ${answer.text}`).toBe(403);
      expect(answer.body).toMatchObject({ error: { code: 'insufficient_scope' } });
    }
  });

  it('with a token of every scope but its own', async () => {
    const answer = await callWithToken(key, await prepare(), tokenWithout[scope]);
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'insufficient_scope' } });
  });
});

describe.each(otherOperations)('$key ($kind)', ({ key }) => {
  it('refuses a token, even one with every scope', async () => {
    const params = Object.fromEntries([...key.matchAll(/\{(\w+)\}/g)].map((match) => [match[1]!, crypto.randomUUID()]));
    const answer = await callWithToken(key, { params, json: key.startsWith('GET') ? undefined : {} }, tokenWithEvery);
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'token_not_accepted' } });
  });
});

describe('webhooks:manage', () => {
  it("is an admin's: a rep's token with the scope is refused (403 forbidden), as the rep is", async () => {
    const rep = await fixtures.provisioned('Scope Rep');
    const response = await t.request('/api/v1/me/api-tokens', {
      method: 'POST',
      as: rep,
      json: { name: 'Rep hooks', scopes: ['webhooks:manage'], expiresInDays: 30 },
    });
    const { secret } = (await response.json()) as CreatedApiToken;
    const answer = await callWithToken('GET /api/v1/admin/webhooks', {}, secret);
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'forbidden' } });
  });
});
