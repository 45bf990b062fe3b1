import { sql } from 'drizzle-orm';
import type {
  ActivityType,
  ApiTokenScope,
  ChatIntegration,
  CreatedApiToken,
  CreatedDisplayLink,
  TvPlaylist,
  Invitation,
  KpiRuleList,
  WebhookEndpoint,
} from '@core/contracts';
import type { TestApp, TestUser } from './test-app';

/*
 * A company's things, made through the API as its people would make them: the ids the tests
 * that reach every endpoint (authorization matrix, fuzz, HTTP isolation) put into paths and bodies.
 */

export type Fixtures = ReturnType<typeof createFixtures>;

/** A long random password: weak ones are refused at sign-up. */
export const randomPassword = () => `Fixture-${crypto.randomUUID()}-${crypto.randomUUID().slice(0, 8)}`;

export function createFixtures(t: TestApp) {
  async function post<T>(as: TestUser, path: string, json: unknown): Promise<T> {
    const response = await t.request(path, { method: 'POST', as, json });
    if (response.status !== 201 && response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    post,
    /** Single-tenant mode as it runs: the first person provisioned is the shared company's admin (and runs the installation), the next its members. */
    async provisioned(name: string): Promise<TestUser & { companyId: string }> {
      const person = await t.createUser({ name, password: randomPassword() });
      const response = await t.request('/api/v1/me/provision', { method: 'POST', as: person });
      if (response.status !== 200) throw new Error(`provision: ${response.status} ${await response.text()}`);
      const me = (await (await t.request('/api/v1/me', { as: person })).json()) as { company: { id: string } };
      return { ...person, companyId: me.company.id };
    },
    /** An invitation of the admin's company (its id, and its code: the invitee's credential). */
    invitation: (admin: TestUser, json: unknown = {}) => post<Invitation>(admin, '/api/v1/invitations', json),
    /** A company's own activity type (decision 100) with an outcome and a field, by a fresh name. */
    activityType: (admin: TestUser) =>
      post<ActivityType>(admin, '/api/v1/activity-types', {
        names: { en: `Demo ${crypto.randomUUID().slice(0, 8)}` },
        icon: 'presentation',
        colour: 'green',
        points: 5,
        outcomes: [{ names: { en: 'Booked' }, points: 2 }],
        fields: [{ names: { en: 'Seats' }, kind: 'number', required: true }],
        bonus: null,
      }),
    /** A display link: its id, and its token (the signed-out board's credential). */
    displayLink: (admin: TestUser, name = 'Office TV') => post<CreatedDisplayLink>(admin, '/api/v1/display-links', { name }),
    /** A TV playlist of the admin's company (decision 052): today's board, then a message. */
    tvPlaylist: (admin: TestUser, name = 'Sales floor', message = 'Great week, everyone') =>
      post<TvPlaylist>(admin, '/api/v1/tv-playlists', {
        name,
        screens: [
          { kind: 'leaderboard', durationSeconds: 20 },
          { kind: 'message', durationSeconds: 10, text: message },
        ],
      }),
    /** An activity the member logged today. */
    activity: (member: TestUser, json: unknown = { kind: 'call', answered: false }) =>
      post<{ id: string }>(member, '/api/v1/activities', json),
    /** The id of a picture the member uploaded (its URL is /api/v1/avatars/{id}). */
    async avatar(member: TestUser, picture: Uint8Array): Promise<string> {
      const response = await t.request('/api/v1/me/avatar', {
        method: 'PUT',
        as: member,
        body: picture,
        headers: { 'content-type': 'image/png' },
      });
      if (response.status !== 200) throw new Error(`avatar: ${response.status} ${await response.text()}`);
      const { avatarUrl } = (await response.json()) as { avatarUrl: string };
      return avatarUrl.split('/').at(-1)!;
    },
    /** A personal access token of the member (its id, and its secret: the credential). */
    apiToken: (member: TestUser, input: { name?: string; scopes?: ApiTokenScope[]; expiresInDays?: 30 | 90 | 365 | null } = {}) =>
      post<CreatedApiToken>(member, '/api/v1/me/api-tokens', {
        name: input.name ?? 'Fixture token',
        scopes: input.scopes ?? ['activities:read', 'stats:read'],
        expiresInDays: input.expiresInDays === undefined ? 30 : input.expiresInDays,
      }),
    /** A webhook endpoint of the admin's company (to a closed port on this machine: nothing is sent in these tests). */
    webhookEndpoint: (admin: TestUser, events: string[] = ['activity.created']) =>
      post<WebhookEndpoint>(admin, '/api/v1/admin/webhooks', { url: 'http://127.0.0.1:9/hook', description: 'Fixture', events }),
    /** The id of a finished (failed) delivery of the endpoint: a test event, marked given up directly. */
    async webhookDelivery(admin: TestUser, endpointId: string): Promise<string> {
      const response = await t.request(`/api/v1/admin/webhooks/${endpointId}/test`, { method: 'POST', as: admin });
      if (response.status !== 202) throw new Error(`webhook test: ${response.status} ${await response.text()}`);
      // As the delivery worker reads them (row-level security is forced for the connecting role too).
      const result = await t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('app.webhook_worker', 'on', true)`);
        return tx.execute(
          sql`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL
              WHERE endpoint_id = ${endpointId} AND status = 'pending' RETURNING id`,
        );
      });
      return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    },
    /** A Slack channel of the admin's company (the URL's form is Slack's; nothing is sent in these tests). */
    chatIntegration: (admin: TestUser, url = 'https://hooks.slack.com/services/T0FIXTURE/B0FIXTURE/fixtureSecret1') =>
      post<ChatIntegration>(admin, '/api/v1/admin/chat-integrations', {
        platform: 'slack',
        url,
        language: 'en',
        choices: { sales: true, goals: true, dailySummary: { enabled: true, localTime: '16:00' } },
      }),
    customer: (member: TestUser, name: string) => post<{ id: string; name: string }>(member, '/api/v1/customers', { name }),
    async kpiRuleId(admin: TestUser): Promise<string> {
      const response = await t.request('/api/v1/kpi-rules', { as: admin });
      return ((await response.json()) as KpiRuleList).rules[0]!.id;
    },
    /** Written directly: the public form allows only a few requests an hour per address. */
    async contactRequest(fields: { name?: string; email?: string; message?: string } = {}): Promise<string> {
      const result = await t.db.execute(
        sql`INSERT INTO contact_requests (name, email, team_size, message)
            VALUES (${fields.name ?? 'Lead'}, ${fields.email ?? 'lead@example.com'}, '6-10', ${fields.message ?? 'Demo?'}) RETURNING id`,
      );
      return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    },
  };
}
