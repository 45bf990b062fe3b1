import { vi } from 'vitest';
import { DEFAULT_CELEBRATION_SETTINGS } from '@core/contracts';
import { DEFAULT_PUSH_PREFERENCES } from '@core/push';

export type RecordedCall = { method: string; path: string; search: string; body: unknown; headers: Headers };
export type StubReply = { status: number; body: unknown };
type Answer = StubReply | ((call: RecordedCall) => StubReply | Promise<StubReply>);

/** A non-200 answer, e.g. better-auth's `reply(403, { code: 'EMAIL_NOT_VERIFIED', message })`. */
export const reply = (status: number, body: unknown): StubReply => ({ status, body });

const DEFAULTS: Record<string, StubReply> = {
  'GET /api/v1/me': reply(200, null), // signed out
  'POST /api/v1/me/provision': reply(200, { success: true, created: false, promoted: false, error: null }),
  'GET /api/v1/signup-policy': reply(200, { policy: 'open' }),
  'GET /api/v1/public-config': reply(200, { brand: 'Dealboard', tenancy: 'single', mailTransport: 'smtp', devMailbox: false }),
  // No manager has set a target: My Activity shows no targets card.
  'GET /api/v1/targets/me': reply(200, { on: '2026-11-20', targets: [] }),
  // No teams: nobody leads one, so the shell offers no Coaching (decision 045).
  'GET /api/v1/teams': reply(200, { teams: [] }),
  // No activity types of the company's own (decision 100): the log buttons are the built-in kinds.
  'GET /api/v1/activity-types': reply(200, { types: [], myUse: {} }),
  // No lead has commented on the rep's wrap-ups: the wrap-up screen shows no conversations.
  'GET /api/v1/coaching/my-threads': reply(200, { threads: [] }),
  // Nobody has earned a badge lately, and every badge is awarded (decision 050).
  'GET /api/v1/badges/recent': reply(200, { members: [] }),
  'GET /api/v1/badges/settings': reply(200, {
    badges: ['first_sale', 'tenth_sale', 'hundred_calls_week', 'personal_best_day', 'team_best_month', 'goal_streak', 'contest_winner'].map(
      (kind) => ({ kind, enabled: true }),
    ),
  }),
  // Nothing on the floor's feed yet, and what a company celebrates before an admin chose (decision 051).
  'GET /api/v1/feed': reply(200, { items: [] }),
  'GET /api/v1/celebrations/settings': reply(200, DEFAULT_CELEBRATION_SETTINGS),
  // Push notifications as a member has them before choosing anything: the defaults, no devices (decision 055).
  'GET /api/v1/me/push': reply(200, { preferences: DEFAULT_PUSH_PREFERENCES, devices: [] }),
};

/**
 * The server as the browser sees it (our API and better-auth under /api/auth): every request is
 * recorded; answers are looked up by `METHOD /path`, 200 with `{}` when none is given.
 */
export function stubFetch(answers: Record<string, Answer> = {}) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string | Request, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), window.location.origin);
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const headers = new Headers(init?.headers ?? request?.headers);
      // JSON bodies are recorded parsed; raw ones (a picture) are not read.
      const isJson = headers.get('content-type')?.includes('json') ?? false;
      const rawBody = init?.body ?? (request && isJson ? await request.clone().text() : undefined);
      const call: RecordedCall = {
        method,
        path: url.pathname,
        search: url.search,
        body: typeof rawBody === 'string' && rawBody ? JSON.parse(rawBody) : undefined,
        headers,
      };
      calls.push(call);
      const answer = answers[`${method} ${url.pathname}`] ?? DEFAULTS[`${method} ${url.pathname}`] ?? reply(200, {});
      const { status, body } = typeof answer === 'function' ? await answer(call) : answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
