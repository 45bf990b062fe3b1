import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS, JSON_BODY_LIMIT_BYTES } from './lib/edges';
import { createFixtures } from './test/fixtures';
import {
  encodeLoosely,
  HOSTILE_HEADERS,
  HOSTILE_PATH_VALUES,
  hostileBodies,
  hostileFiles,
  mutatedBody,
  mutatedFile,
  mutatedQuery,
  type RawBody,
  toJsonText,
  validValue,
} from './test/fuzz-inputs';
import { type Answer, isErrorShape, type JsonSchema, type Operation, readOperations, sendRequest } from './test/openapi';
import { createTestApp, type TestUser } from './test/test-app';
import { testEngine } from './test/test-database';

/*
 * The API fuzz (decision 025): every operation of the OpenAPI document, and every better-auth endpoint
 * the app exposes, called with hostile input by a signed-out caller, a rep and an admin. Whatever
 * arrives, the answer is never a 5xx, never shows a stack trace, SQL, the database's words or a
 * file path, and every 4xx is the one error shape. Decision 025 says what this proves and what not.
 *
 * Each operation meets a fixed catalogue (bad path parameters, bad query values, malformed JSON,
 * wrong content types, bodies past and just under the limit) and then fast-check: bodies and query
 * strings derived from the operation's own schema, valid or with one kind of mistake. The seed is
 * fixed, so a failure reproduces: FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npx vitest run --project server
 * server/fuzz.engines.test.ts (more runs search further; the defaults keep the file near a minute).
 *
 * With both engines the work is shared out rather than repeated. The generated cases: each engine
 * draws its own half (its own seed), so a run with PostgreSQL tries as many different inputs as one
 * engine did with twice the cases (6 an engine, 12 alone: the API grew by a tenth with KPIs and boards
 * while the suite must stay under 25 minutes; FUZZ_RUNS searches further). The fixed catalogue (four in five requests): each operation and
 * caller's list is dealt out between the engines in turn, so every item runs once per run, on one
 * engine or the other. Both engines are the same PostgreSQL parser and types behind two drivers;
 * what differs between them (how a driver's error reaches our error mapping) is reached by either
 * half. Without PostgreSQL, PGlite runs everything.
 */

const ENGINE_SEED_OFFSET = { pglite: 0, postgres: 1 } as const;
const BOTH_ENGINES = process.env.TEST_ENGINES === 'both';
const SEED = Number(process.env.FUZZ_SEED ?? 20261124) + ENGINE_SEED_OFFSET[testEngine];
/** fast-check runs per operation and caller (per engine: half of them each when both engines run). */
const RUNS = Number(process.env.FUZZ_RUNS ?? (BOTH_ENGINES ? 6 : 12));
/** Whether this engine takes the catalogue's item `index` (of one operation and caller): every other one with both engines. */
const takesCatalogueItem = (index: number) => !BOTH_ENGINES || index % 2 === ENGINE_SEED_OFFSET[testEngine];

/** Slower than this, on a loaded 2-core machine, is a finding (the slowest honest request takes well under a second). */
const SLOW_REQUEST_MS = 15_000;

/** `token`: a personal access token of the admin holding every scope, with no cookie (decision 035). */
const PERSONAS = ['anonymous', 'rep', 'admin', 'token'] as const;
type Persona = (typeof PERSONAS)[number];
/** better-auth's endpoints know nothing of tokens: they are fuzzed by the other three. */
const AUTH_PERSONAS = ['anonymous', 'rep', 'admin'] as const;

// Per-address limits (sign-in, contact, magic links) would answer 429 to everything after a few
// requests; each request comes from its own address behind our one trusted proxy, so the fuzz
// reaches the code behind the limits.
const t = await createTestApp({ env: { TRUST_PROXY: 'true', API_TOKEN_RATE_LIMIT: '100000' } });
afterAll(() => t.close());

const fixtures = createFixtures(t);
const admin = await fixtures.provisioned('Fuzz Admin');
const rep = await fixtures.provisioned('Fuzz Rep');
const callers: Record<Persona, TestUser | null> = { anonymous: null, rep, admin, token: null };
const everyScope = await fixtures.apiToken(admin, {
  name: 'Fuzz token',
  scopes: ['activities:read', 'activities:write', 'stats:read', 'members:read', 'webhooks:manage'],
  expiresInDays: null,
});

const operations = await readOperations(t);

/** A small real picture (uploads): the base that the file fuzz spoils. */
const PICTURE = new Uint8Array(
  await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer(),
);

// ---- what every answer must be --------------------------------------------------------------------

/** What an answer must never show: how the server is built, or what the database said. */
const LEAKS: [string, RegExp][] = [
  // "at fn (/path/file.ts:1:2)", "at /path/file.js:1:2", "at async fn (node:internal/...)", or a frame on its own line
  [
    'a stack frame',
    /\bat (?:async )?[\w$.<>]+(?: \[as [\w$]+\])? \((?:file:|node:|\/|[A-Za-z]:\\|native|<anonymous>)|\bat (?:file:|node:|\/)\S*:\d+:\d+|\n\s+at \S/,
  ],
  ['SQL', /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT INTO\b|\bUPDATE\b\s+\S+\s+\bSET\b|\bDELETE FROM\b/],
  // "pg" as a word of its own, never inside a random token: base64url ones ([\w-]) hold "pg" now and
  // then ("…Ys--pg", a display link's token), which \b alone would take for the driver's name.
  [
    "the database's words",
    /\brelation\b|syntax error|\bdrizzle\b|\bpglite\b|\bpostgres(?:ql)?\b|(?<![\w-])pg(?![\w-])|\bviolates\b|Failed query|invalid input syntax|out of range for type|null value in column|value too long for type|invalid byte sequence|\bSQLSTATE\b|\bsql_?state\b/i,
  ],
  ['a file path', /(?:\/[\w.@-]+){2,}\.(?:ts|js|mjs|cjs|tsx)\b|node_modules|file:\/\/\/(?!etc\/passwd)|\/work\/|\/home\//],
];

/**
 * better-auth's own refusals keep its shape ({ code, message }): its browser client reads them
 * (decision 025). A locked account also says when to try again (retryAfterSeconds, decision 018),
 * a call from another address of the server where to sign in (origin).
 */
function isAuthErrorShape(body: unknown): boolean {
  if (isErrorShape(body)) return true;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { code, message, retryAfterSeconds, origin, ...rest } = body as Record<string, unknown>;
  return (
    typeof message === 'string' &&
    (code === undefined || typeof code === 'string') &&
    (retryAfterSeconds === undefined || typeof retryAfterSeconds === 'number') &&
    (origin === undefined || typeof origin === 'string') &&
    Object.keys(rest).length === 0
  );
}

/** The problems with one answer (empty when it is fine). */
function findProblems(path: string, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  for (const [what, pattern] of LEAKS) {
    const match = pattern.exec(answer.text);
    if (match) problems.push(`shows ${what}: ${JSON.stringify(answer.text.slice(Math.max(0, match.index - 60), match.index + 80))}`);
  }
  if (answer.status >= 400 && answer.status < 500) {
    const isJson = answer.contentType.includes('json');
    const isAuth = path.startsWith('/api/auth/');
    if (!isJson) problems.push(`a ${answer.status} that is not JSON (${answer.contentType || 'no content type'})`);
    else if (isAuth ? !isAuthErrorShape(answer.body) : !isErrorShape(answer.body))
      problems.push(`a ${answer.status} not in the error shape`);
  }
  return problems;
}

describe('the checks themselves', () => {
  const answer = (status: number, text: string, contentType = 'application/json; charset=UTF-8'): Answer => {
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    return { status, contentType, text, body };
  };
  const problemsOf = (status: number, text: string, contentType?: string) =>
    findProblems('/api/v1/x', answer(status, text, contentType)).join('; ');

  it('see a server error, a stack, SQL, the database and a file path', () => {
    expect(problemsOf(500, '{"error":{"code":"internal","message":"Something went wrong"}}')).toMatch(/status 500/);
    expect(problemsOf(400, '{"error":{"code":"x","message":"Error: boom\\n    at handle (/srv/app/server/modules/x.ts:10:5)"}}')).toMatch(
      /a stack frame.*a file path/,
    );
    expect(problemsOf(400, '{"error":{"code":"x","message":"Failed query: SELECT \\"id\\" FROM \\"activities\\" WHERE x"}}')).toMatch(
      /SQL/,
    );
    expect(problemsOf(409, '{"error":{"code":"x","message":"duplicate key value violates unique constraint \\"x\\""}}')).toMatch(
      /database/,
    );
    expect(problemsOf(400, '{"error":{"code":"x","message":"relation \\"foo\\" does not exist"}}')).toMatch(/database/);
    expect(problemsOf(400, '{"error":{"code":"x","message":"PGlite: invalid byte sequence for encoding"}}')).toMatch(/database/);
  });

  it('see a 4xx outside the error shape, or not JSON at all', () => {
    expect(problemsOf(400, '{"message":"Bad"}')).toMatch(/not in the error shape/);
    expect(problemsOf(400, '{"error":{"code":"x","message":"m","stack":"..."}}')).toMatch(/not in the error shape/);
    expect(problemsOf(404, 'Not Found', 'text/plain')).toMatch(/not JSON/);
    expect(problemsOf(400, '{"error":{"code":"invalid_input","message":"name: Required","details":{"name":"Required"}}}')).toBe('');
    expect(problemsOf(200, '{"customers":[{"name":"Select from the menu"}]}')).toBe('');
    expect(
      problemsOf(
        400,
        '{"error":{"code":"image_too_large","message":"The picture is too large: at most 25 megapixels (for example 6000 x 4000)."}}',
      ),
    ).toBe('');
  });
});

// ---- sending ----------------------------------------------------------------------------------------

const requestsBy: Record<Persona, number> = { anonymous: 0, rep: 0, admin: 0, token: 0 };
const statusesSeen = new Map<number, number>();
let addressCounter = 0;
/** A new documentation-range address per request (198.18.0.0/15), as the proxy would write it. */
const nextAddress = () => `198.18.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`;

type Attempt = { method: string; path: string; body?: string | Uint8Array; contentType?: string; headers?: Record<string, string> };

async function attempt(persona: Persona, as: TestUser | null, request: Attempt): Promise<string[]> {
  const headers: Record<string, string> = { 'x-forwarded-for': nextAddress(), ...request.headers };
  if (persona === 'token' && !request.headers?.authorization) headers.authorization = `Bearer ${everyScope.secret}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  requestsBy[persona]++;
  let answer: Answer;
  const started = Date.now();
  try {
    answer = await sendRequest(t, request.method, request.path, { as, body: request.body, headers });
  } catch (error) {
    // app.request itself threw: nothing answered at all.
    return [`no answer: ${(error as Error).message}`];
  }
  statusesSeen.set(answer.status, (statusesSeen.get(answer.status) ?? 0) + 1);
  const problems = findProblems(request.path, answer);
  // One request holding the server for seconds is a way to stop it for everyone.
  const took = Date.now() - started;
  if (took > SLOW_REQUEST_MS) problems.push(`took ${(took / 1000).toFixed(1)} s`);
  return problems;
}

const short = (text: string) => (text.length > 80 ? `${text.slice(0, 60)}... (${text.length} chars)` : text);
const describeAttempt = (request: Attempt) =>
  `${request.method} ${short(request.path)}${request.contentType ? ` [${request.contentType}]` : ''}${request.body !== undefined ? ` ${short(typeof request.body === 'string' ? request.body : `<${request.body.length} bytes>`)}` : ''}`;

/** A fixed seed per operation and caller, so adding an operation does not change the others' inputs. */
function seedFor(key: string): number {
  let hash = SEED | 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

// ---- one operation --------------------------------------------------------------------------------

/** What a fuzzed operation looks like to the fuzz: where its parameters go and what its body is. */
type Target = {
  key: string;
  method: string;
  /** "/api/v1/x/{id}" */
  path: string;
  pathParams: string[];
  query: { name: string; schema?: JsonSchema }[];
  body: JsonSchema | null;
  /** Media types of a file body (an upload), when the operation takes a file instead of JSON. */
  files: string[];
  /** Real values for the path parameters (fixtures), so a bad body reaches the code behind them. */
  validParams: (persona: Persona) => Promise<Record<string, string>>;
};

const hasBody = (method: string) => method === 'POST' || method === 'PUT' || method === 'PATCH';

function buildPath(target: Target, params: Record<string, string>, query: string): string {
  const path = target.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'missing');
  return query ? `${path}?${query}` : path;
}

/** One valid body for the operation (the base that the catalogue spoils one way at a time). */
function sampleBody(target: Target): string {
  if (!target.body) return '{}';
  const [value] = fc.sample(validValue(target.body), { seed: seedFor(`${target.key} sample`), numRuns: 1 });
  return value && typeof value === 'object' && !Array.isArray(value) ? toJsonText(value) : '{}';
}

function firstStringField(schema: JsonSchema | null): string | null {
  const properties = schema?.properties ?? schema?.oneOf?.[0]?.properties ?? {};
  return (
    Object.entries(properties).find(([, p]) => p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string')))?.[0] ?? null
  );
}

/** Query values every parameter meets: unstorable and undecodable text, numbers past any range, dates and months at the calendar's edges. */
const QUERY_VALUES = [
  '%00',
  '%ED%A0%80',
  '%',
  '1e309',
  '-1',
  'NaN',
  '',
  encodeLoosely('\uD800'),
  'a'.repeat(70_000),
  '0000-01',
  '9999-12',
  '0000-01-01',
  '9999-12-31',
  '2026-02-29',
  '+275760-09-13',
];

async function fuzz(target: Target, persona: Persona): Promise<void> {
  const as = callers[persona];
  const failures: string[] = [];
  let catalogueItem = 0;
  const run = async (request: Attempt) => {
    if (!takesCatalogueItem(catalogueItem++)) return;
    for (const problem of await attempt(persona, as, request)) failures.push(`${describeAttempt(request)}: ${problem}`);
  };
  const params = Object.fromEntries(Object.entries(await target.validParams(persona)).map(([k, v]) => [k, encodeURIComponent(v)]));
  const validBody = sampleBody(target);
  const isUpload = target.files.length > 0;
  const withBody = isUpload
    ? { body: PICTURE, contentType: target.files[0] }
    : hasBody(target.method)
      ? { body: validBody, contentType: 'application/json' }
      : {};

  // Bad path parameters, one at a time, with a valid body.
  for (const name of target.pathParams) {
    for (const value of HOSTILE_PATH_VALUES)
      await run({ method: target.method, path: buildPath(target, { ...params, [name]: value }, ''), ...withBody });
  }
  // Bad query values, one parameter at a time.
  for (const { name } of target.query) {
    for (const value of QUERY_VALUES)
      await run({ method: target.method, path: buildPath(target, params, `${name}=${value}`), ...withBody });
  }
  // Headers a client controls.
  for (const { headers, signedOutOnly } of HOSTILE_HEADERS) {
    if (!signedOutOnly || !as) await run({ method: target.method, path: buildPath(target, params, ''), ...withBody, headers });
  }
  // Bodies that are not what a JSON API takes.
  if (hasBody(target.method)) {
    const bodies: RawBody[] = isUpload
      ? target.files.flatMap((type, i) => hostileFiles(PICTURE, type).filter((_, j) => i === 0 || j < 5)) // every type once, the whole list for the first
      : hostileBodies(validBody, JSON_BODY_LIMIT_BYTES, firstStringField(target.body));
    for (const body of bodies)
      await run({ method: target.method, path: buildPath(target, params, ''), body: body.body, contentType: body.contentType });
  }
  expect(failures, `${target.key} as ${persona}`).toEqual([]);

  // Generated: bodies (or files) and query strings from the operation's schema, valid or spoiled.
  const jsonBody = target.body
    ? mutatedBody(target.body)
    : hasBody(target.method)
      ? fc.constant({ mutation: 'valid', text: '{}' })
      : fc.constant(null);
  const body = isUpload
    ? fc
        .tuple(mutatedFile(PICTURE), fc.constantFrom(...target.files))
        .map(([file, contentType]) => ({ mutation: file.mutation, text: file.bytes, contentType }))
    : jsonBody.map((json) => (json ? { ...json, contentType: 'application/json' } : null));
  const cases = fc.record({ body, query: mutatedQuery(target.query) });
  await fc.assert(
    fc.asyncProperty(cases, async ({ body, query }) => {
      const request: Attempt = { method: target.method, path: buildPath(target, params, query) };
      if (body) Object.assign(request, { body: body.text, contentType: body.contentType });
      const problems = await attempt(persona, as, request);
      if (problems.length > 0) throw new Error(`${describeAttempt(request)} (${body?.mutation ?? 'no body'}): ${problems.join('; ')}`);
    }),
    { seed: seedFor(`${target.key} ${persona}`), numRuns: RUNS },
  );
}

// ---- the documented operations ---------------------------------------------------------------------

/** Real ids for the path parameters, by the operation's path: made fresh, since an admin's fuzz may delete them. */
async function findValidParams(path: string, persona: Persona): Promise<Record<string, string>> {
  if (path.startsWith('/api/v1/kpi-rules/')) return { id: await fixtures.kpiRuleId(admin) };
  if (path.startsWith('/api/v1/activity-types/')) return { id: (await fixtures.activityType(admin)).id };
  if (path.startsWith('/api/v1/display-links/')) return { id: (await fixtures.displayLink(admin)).link.id };
  if (path.startsWith('/api/v1/display/')) return { token: (await fixtures.displayLink(admin)).token };
  if (path.startsWith('/api/v1/team/members/')) return { userId: (await t.createMember({ companyId: admin.companyId })).id };
  if (path.startsWith('/api/v1/invitations/preview/')) return { code: (await fixtures.invitation(admin)).code };
  if (path.startsWith('/api/v1/invitations/')) return { id: (await fixtures.invitation(admin)).id };
  if (path.startsWith('/api/v1/activities/'))
    return { id: (await fixtures.activity(persona === 'admin' || persona === 'token' ? admin : rep)).id };
  if (path.startsWith('/api/v1/admin/contact-requests/')) return { id: await fixtures.contactRequest() };
  if (path.startsWith('/api/v1/avatars/')) return { id: await fixtures.avatar(rep, PICTURE) };
  if (path.startsWith('/api/v1/me/api-tokens/')) return { id: (await fixtures.apiToken(persona === 'rep' ? rep : admin)).token.id };
  if (path.startsWith('/api/v1/admin/api-tokens/')) return { id: (await fixtures.apiToken(rep)).token.id };
  if (path.startsWith('/api/v1/admin/chat-integrations/')) return { id: (await fixtures.chatIntegration(admin)).id };
  // A path no fixture knows yet (a new endpoint): every parameter a random id.
  return Object.fromEntries([...path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, crypto.randomUUID()]));
}

const toTarget = (operation: Operation): Target => ({
  key: operation.key,
  method: operation.method,
  path: operation.path,
  pathParams: operation.parameters.filter((p) => p.in === 'path').map((p) => p.name),
  query: operation.parameters.filter((p) => p.in === 'query'),
  body: operation.body,
  files: operation.contentTypes.filter((type) => type !== 'application/json'),
  validParams: (persona) => findValidParams(operation.path, persona),
});

describe.each(operations.map(toTarget))('$key', (target) => {
  it.each(PERSONAS)(
    'as %s',
    async (persona) => {
      try {
        await fuzz(target, persona);
      } finally {
        // The admin's fuzz may have closed sign-up (invitation only): fixtures sign people up.
        if (persona === 'admin') await t.request('/api/v1/admin/signup-policy', { method: 'PUT', as: admin, json: { policy: 'open' } });
      }
    },
    120_000,
  );
});

// ---- better-auth's endpoints -----------------------------------------------------------------------

const email: JsonSchema = { type: 'string', format: 'email', maxLength: 254 };
const anyText: JsonSchema = { type: 'string', maxLength: 200 };
/** Where better-auth sends the browser next: one of our pages, or anything. */
const page: JsonSchema = { oneOf: [{ enum: ['/app', '/auth/callback?invite=x', '/auth/reset-password'] }, anyText] };
const password: JsonSchema = { type: 'string', minLength: 1, maxLength: 128 };
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({ type: 'object', properties, required });

/**
 * The bodies and query parameters of the better-auth endpoints the app exposes (they are not in
 * the OpenAPI document). An endpoint added to AUTH_ENDPOINTS without an entry here fails the test.
 */
const AUTH_INPUTS: Record<string, { body?: JsonSchema; query?: Record<string, JsonSchema> }> = {
  'POST sign-in/email': { body: object({ email, password, rememberMe: { type: 'boolean' }, callbackURL: page }, ['email', 'password']) },
  'POST sign-up/email': {
    body: object({ email, password, name: { type: 'string', minLength: 1, maxLength: 80 }, callbackURL: page }, [
      'email',
      'password',
      'name',
    ]),
  },
  'POST sign-out': { body: object({}) },
  'POST sign-in/magic-link': { body: object({ email, name: anyText, callbackURL: page, newUserCallbackURL: page }, ['email']) },
  'POST request-password-reset': { body: object({ email, redirectTo: page }, ['email']) },
  'POST reset-password': { body: object({ newPassword: password, token: anyText }, ['newPassword']) },
  'POST send-verification-email': { body: object({ email, callbackURL: page }, ['email']) },
  'POST change-password': {
    body: object({ currentPassword: password, newPassword: password, revokeOtherSessions: { type: 'boolean' } }, [
      'currentPassword',
      'newPassword',
    ]),
  },
  'GET get-session': { query: { disableCookieCache: { type: 'boolean' } } },
  'GET verify-email': { query: { token: anyText, callbackURL: page } },
  'GET reset-password/{token}': { query: { callbackURL: page } },
  'GET magic-link/verify': { query: { token: anyText, callbackURL: page, errorCallbackURL: page, newUserCallbackURL: page } },
  'GET error': { query: { error: anyText } },
  'GET ok': {},
};

const authKeys = Object.entries(AUTH_ENDPOINTS).flatMap(([method, paths]) => paths.map((path) => `${method} ${path}`));

describe('better-auth endpoints', () => {
  it('every endpoint the app exposes has its inputs here', () => {
    expect(authKeys.filter((key) => !(key in AUTH_INPUTS))).toEqual([]);
    expect(Object.keys(AUTH_INPUTS).filter((key) => !authKeys.includes(key))).toEqual([]);
  });

  const authTargets = authKeys.map((key): Target => {
    const [method, path] = key.split(' ') as [string, string];
    const inputs = AUTH_INPUTS[key] ?? {};
    const full = `/api/auth/${path}`;
    return {
      key: `${method} ${full}`,
      method,
      path: full,
      pathParams: [...full.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
      query: Object.entries(inputs.query ?? {}).map(([name, schema]) => ({ name, schema })),
      body: inputs.body ?? null,
      files: [],
      validParams: async () => Object.fromEntries([...full.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, crypto.randomUUID()])),
    };
  });

  describe.each(authTargets)('$key', (target) => {
    it.each(AUTH_PERSONAS)(
      'as %s',
      async (persona) => {
        // A person of their own for each endpoint: the fuzz may sign them out (sign-out,
        // change-password) or lock their account with wrong passwords (the per-account limit).
        const person = callers[persona];
        if (person) {
          const role = persona === 'admin' ? 'admin' : 'user';
          callers[persona] = await t.createMember({
            companyId: admin.companyId,
            role,
            name: `Fuzz ${persona} ${target.key.split('/').at(-1)}`,
          });
        }
        try {
          await fuzz(target, persona);
        } finally {
          callers[persona] = person;
        }
      },
      120_000,
    );
  });
});

afterAll(() => {
  const total = PERSONAS.reduce((sum, persona) => sum + requestsBy[persona], 0);
  const statuses = [...statusesSeen.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.info(
    `[fuzz] ${testEngine}: ${total} requests to ${operations.length} documented operations and ${authKeys.length} auth endpoints ` +
      `(signed out ${requestsBy.anonymous}, rep ${requestsBy.rep}, admin ${requestsBy.admin}, token ${requestsBy.token}); seed ${SEED}, ${BOTH_ENGINES ? 'every other item of the catalogue' : 'the whole catalogue'} and ${RUNS} generated cases per operation and caller; statuses ${statuses}`,
  );
});
