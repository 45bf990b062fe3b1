import { join, resolve } from 'node:path';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, Hono } from 'hono';
import { API_TOKEN_SCOPE_DESCRIPTIONS, API_TOKEN_SCOPES, ApiErrorSchema } from '@core/contracts';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import { CLIENT_IP_HEADER } from './auth/auth';
import type { AppDeps, AppEnv } from './context';
import type { Config } from './env';
import { findClientIp } from './lib/client-ip';
import { PROJECT_ROOT } from './db/project-root';
import { START_SNAPSHOT_SCRIPT_SOURCE, THEME_BOOT_SCRIPT_SOURCE } from './lib/theme-boot';
import { admitInTurn, OWN_API_REQUEST } from './lib/admission-gate';
import { isDatabaseUnavailable, isStorageFull } from './db/errors';
import { recordStorageFull } from './modules/system/system.service';
import { createRouter, HttpError, mapDatabaseError } from './lib/http';
import { chooseRequestLanguage, translateDetails, wordZodMessagesInEnglish } from './lib/field-messages';
import { compressJson, compressOtherThanJson } from './lib/compress-json';
import { checkAuthRequest, limitRequestBody, refuseForeignOrigin } from './lib/edges';
import { activitiesRoutes } from './modules/activities/activities.routes';
import { customersRoutes } from './modules/customers/customers.routes';
import { exportsRoutes } from './modules/exports/exports.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { displayLinksRoutes } from './modules/tv/display-links.routes';
import { goalsRoutes } from './modules/goals/goals.routes';
import { badgesRoutes } from './modules/badges/badges.routes';
import { kpiRulesRoutes } from './modules/kpi-rules/kpi-rules.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { membersRoutes } from './modules/members/members.routes';
import { teamsRoutes } from './modules/teams/teams.routes';
import { activityTypesRoutes } from './modules/activity-types/activity-types.routes';
import { kpisRoutes } from './modules/kpis/kpis.routes';
import { boardsRoutes } from './modules/boards/boards.routes';
import { tvPlaylistsRoutes } from './modules/tv/tv-playlists.routes';
import { invitationsRoutes } from './modules/invitations/invitations.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { avatarsRoutes } from './modules/avatars/avatars.routes';
import { companiesRoutes } from './modules/companies/companies.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { myStatsRoutes } from './modules/my-stats/my-stats.routes';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { scoreboardRoutes } from './modules/scoreboard/scoreboard.routes';
import { BEARER_TOKEN_SCHEME, loadCaller, loadSession, SESSION_COOKIE_SCHEME } from './modules/session/session.middleware';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { systemRoutes } from './modules/system/system.routes';
import { digestRoutes } from './modules/digest/digest.routes';
import { digestPreviewRoutes } from './modules/digest/digest-preview.routes';
import { servePublicSite } from './public-site';
import { serveWebApp } from './web-app';
import { describeStartFrameMember } from './modules/start-frame/start-frame.service';
import { wrapupsRoutes } from './modules/wrapups/wrapups.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { setupRoutes } from './modules/setup/setup.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { targetsRoutes } from './modules/targets/targets.routes';
import { contestsRoutes } from './modules/contests/contests.routes';
import { coachingRoutes } from './modules/coaching/coaching.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { celebrationsRoutes } from './modules/celebrations/celebrations.routes';
import { pushRoutes } from './modules/push/push.routes';
import { eventsRoutes } from './realtime/events.routes';
import { createMcpRoutes } from './modules/mcp/mcp.routes';
import { inboundSourcesRoutes } from './modules/inbound-sources/inbound-sources.routes';

/** The built web app; WEB_DIST_DIR overrides it (the e2e harness serves a private copy). */
export const WEB_DIST_DIR = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(PROJECT_ROOT, 'dist', 'web');

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The feature routers mounted under /api/v1; a new feature adds one line here. */
function createApiRouter() {
  const api = createRouter();
  // A personal access token (Authorization: Bearer) or the session cookie (decision 035).
  api.use('*', loadCaller);
  api.route('/', onboardingRoutes);
  api.route('/', eventsRoutes);
  api.route('/', scoreboardRoutes);
  api.route('/', displayLinksRoutes);
  api.route('/', kpiRulesRoutes);
  api.route('/', settingsRoutes);
  api.route('/', avatarsRoutes);
  api.route('/', membersRoutes);
  api.route('/', teamsRoutes);
  api.route('/', activityTypesRoutes);
  api.route('/', kpisRoutes);
  api.route('/', boardsRoutes);
  api.route('/', tvPlaylistsRoutes);
  api.route('/', invitationsRoutes);
  api.route('/', setupRoutes);
  api.route('/', adminRoutes);
  api.route('/', auditRoutes);
  api.route('/', companiesRoutes);
  api.route('/', activitiesRoutes);
  api.route('/', customersRoutes);
  api.route('/', importsRoutes);
  api.route('/', goalsRoutes);
  api.route('/', badgesRoutes);
  api.route('/', myStatsRoutes);
  api.route('/', wrapupsRoutes);
  api.route('/', contactRoutes);
  api.route('/', privacyRoutes);
  api.route('/', exportsRoutes);
  api.route('/', apiTokensRoutes);
  api.route('/', webhooksRoutes);
  api.route('/', chatRoutes);
  api.route('/', calendarRoutes);
  api.route('/', targetsRoutes);
  api.route('/', contestsRoutes);
  api.route('/', digestPreviewRoutes);
  api.route('/', celebrationsRoutes);
  api.route('/', coachingRoutes);
  api.route('/', peopleRoutes);
  api.route('/', pushRoutes);
  api.route('/', inboundSourcesRoutes);
  return api;
}

/** The head of the OpenAPI document (GET /api/openapi.json); its paths come from the routes. */
function describeApiDocument(config: Pick<Config, 'BRAND_NAME' | 'publicUrl'>) {
  return {
    openapi: '3.1.0',
    info: { title: `${config.BRAND_NAME} API`, version: '1' },
    // Every path already starts with /api/v1: the server is the site itself, so a generated
    // client calls {PUBLIC_URL}/api/v1/... (not /api/v1/api/v1/...).
    servers: [{ url: config.publicUrl }],
  };
}

/**
 * The document GET /api/openapi.json serves, built from the route definitions alone: no database,
 * no server. The web's API types are generated from it (npm run api:generate, scripts/api-types.ts).
 */
export function buildApiDocument(config: Pick<Config, 'BRAND_NAME' | 'publicUrl'>) {
  const app = new OpenAPIHono<AppEnv>();
  app.route('/api/v1', createApiRouter());
  // A copy made here, not core's schema itself: zod gives a schema the `.openapi()` that register()
  // needs only when @hono/zod-openapi was loaded before the schema was made, and core's contracts
  // may load first (the order depends on who imports what).
  app.openAPIRegistry.register('ApiError', z.object(ApiErrorSchema.shape));
  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'dealboard.session_token',
    description:
      "The web app's session, set by POST /api/auth/sign-in/email (named __Secure-dealboard.session_token on an https:// site). Every operation accepts it.",
  });
  app.openAPIRegistry.registerComponent('securitySchemes', BEARER_TOKEN_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: [
      'A personal access token (dbp_...), made while signed in with POST /api/v1/me/api-tokens: `Authorization: Bearer dbp_...`.',
      'It acts as its member, with only its scopes: an operation that accepts tokens lists the one scope it needs; every other refuses them (403 token_not_accepted). Never send it together with the session cookie (400 mixed_credentials).',
      `Scopes: ${API_TOKEN_SCOPES.map((scope) => `${scope} (${API_TOKEN_SCOPE_DESCRIPTIONS[scope]})`).join('; ')}.`,
    ].join(' '),
  });
  const document = app.getOpenAPI31Document(describeApiDocument(config));
  describeRefusals(document.paths ?? {}, JSON.stringify(document.components?.schemas?.ApiError));
  describeCookieOnly(document.paths ?? {});
  return document;
}

/**
 * An operation that declares no security of its own (tokenRoute declares a token's scope, public
 * ones declare none) is for the signed-in web app: its document says so, so that every operation
 * states how it authenticates (server/api-tokens.test.ts walks them all).
 */
function describeCookieOnly(paths: object): void {
  for (const pathItem of Object.values(paths) as object[]) {
    for (const operation of Object.values(pathItem) as ({ security?: unknown[] } | null)[]) {
      if (operation && typeof operation === 'object' && operation.security === undefined) {
        operation.security = [{ [SESSION_COOKIE_SCHEME]: [] }];
      }
    }
  }
}

/**
 * Every refusal has the one error shape (onError below): a route lists its refusals by status and
 * reason, and the document points each to the ApiError schema (those declared inline included),
 * so a client is typed for it too.
 */
function describeRefusals(paths: object, inlineErrorSchema: string): void {
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };
  for (const pathItem of Object.values(paths) as object[]) {
    for (const operation of Object.values(pathItem) as unknown[]) {
      const responses =
        (operation as { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } | null)?.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const declared = response.content?.['application/json']?.schema;
        if (!response.content || JSON.stringify(declared) === inlineErrorSchema) response.content = errorContent;
      }
    }
  }
}

/**
 * better-auth's endpoints, behind our edges: only the ones the app uses are reachable, and their
 * bodies are checked like ours (storable text, a capped name) before better-auth parses them.
 */
async function forwardToAuth(c: Context<AppEnv>, deps: AppDeps): Promise<Response> {
  const checked = await checkAuthRequest(c);
  if (checked instanceof Response) return checked;
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, findClientIp(c)); // replaces any client copy
  const init: RequestInit = { method: c.req.method, headers };
  if (checked.body !== null) init.body = checked.body;
  return deps.auth.handler(new Request(c.req.url, init));
}

/** The request headers a form sent before its page's script loaded keeps on its way to the endpoint. */
const KEPT_FOR_OWN_ENDPOINT = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'forwarded'];

/**
 * A pre-rendered page's form sent before its script loaded (public-site.ts) goes to the endpoint the
 * script would have called, through this app and so through all of that endpoint's edges: the body
 * and text checks, better-auth's hooks (the sign-in limit), the per-address limits (the same socket
 * and forwarding headers). From this site's own origin: the form's request has passed refuseForeignOrigin.
 */
export function callOwnEndpoint(app: Hono<AppEnv>, c: Context<AppEnv>, path: string, json: unknown): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json', accept: 'application/json' });
  for (const name of KEPT_FOR_OWN_ENDPOINT) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  headers.set('origin', new URL(c.get('deps').config.publicUrl).origin);
  const request = new Request(new URL(path, c.req.url), { method: 'POST', headers, body: JSON.stringify(json) });
  return Promise.resolve(app.fetch(request, c.env));
}

/** Seconds a caller is asked to wait (Retry-After) when the database cannot be reached. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** What a write refused for a full disk says (507 storage_full). */
export const STORAGE_FULL_MESSAGE =
  "The server's storage is full, so nothing new can be saved right now. Everything saved before is safe. Tell whoever runs this server, and try again once they have freed up space.";

export function createApp(deps: AppDeps) {
  // zod's own refusals in plain words, which each request's language re-words (decision 083).
  wordZodMessagesInEnglish();
  const app = new OpenAPIHono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", THEME_BOOT_SCRIPT_SOURCE, START_SNAPSHOT_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'], // no outside hosts: avatars are our own uploads (decision 023)
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Before anything reads a body: a foreign page may not act with our cookie, and no body is
  // read past its limit (413). lib/edges.ts.
  app.use('*', refuseForeignOrigin);
  app.use('*', limitRequestBody);
  app.use('/api/*', admitInTurn(deps.database.requestGate ?? null)); // PGlite: API requests in turn (decision 027)
  app.use('/api/*', compressOtherThanJson);
  app.use('/api/*', compressJson);
  app.use('/api/*', async (c, next) => {
    await next();
    // A route that marks its answer public (an avatar picture) keeps its own header.
    // On the response's own headers: c.header() after the answer is made rebuilds it around its
    // body as a stream, which costs the Node adapter its fast path for a string body (docs/performance.md).
    if (!c.res.headers.get('Cache-Control')?.startsWith('public')) c.res.headers.set('Cache-Control', 'no-store');
  });

  // A write may have changed who someone is (a sign-out, a role, a removal, the company's time
  // zone). Before answering, wait until this instance has heard its own NOTIFYs, so the caller's
  // very next request meets a signed-in cache that has already forgotten (decision 026). Other
  // instances hear them within the same moment through their own LISTEN connection.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!SAFE_METHODS.has(c.req.method) && !c.get('accountsUntouched')) await deps.realtime.sync();
  });

  app.on(['GET', 'POST'], '/api/auth/*', (c) => forwardToAuth(c, deps));
  app.route('/api/v1', createApiRouter());
  // The MCP server for AI assistants (decision 118): each tool is a request to the routes above, as
  // the token's member, marked as the server's own so it is not made to wait behind itself.
  app.route(
    '/api',
    createMcpRoutes((request, c) => Promise.resolve(app.fetch(request, { ...(c.env as object | undefined), [OWN_API_REQUEST]: true }))),
  );
  app.route('/', systemRoutes);
  app.route('/', digestRoutes);

  let apiDocument: ReturnType<typeof buildApiDocument> | null = null;
  app.get('/api/openapi.json', (c) => c.json((apiDocument ??= buildApiDocument(deps.config))));

  // The pre-rendered landing and public pages (and /api/docs, hence before the /api/* 404).
  servePublicSite(app, WEB_DIST_DIR, {
    loadSession,
    signInWithPassword: (c, credentials) => callOwnEndpoint(app, c, '/api/auth/sign-in/email', credentials),
    submitContactForm: (c, fields) => callOwnEndpoint(app, c, '/api/v1/contact', fields),
  });

  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: `No endpoint ${c.req.method} ${c.req.path}` } }, 404));

  serveWebApp(app, WEB_DIST_DIR, { loadSession, describeMember: describeStartFrameMember });

  app.onError((error, c) => {
    if (error instanceof HttpError) {
      // A field's detail in the request's language (decision 083); the message and code stay as written.
      return c.json(
        {
          error: {
            code: error.code,
            message: error.message,
            details: translateDetails(error.details, chooseRequestLanguage(c.req.raw.headers)),
          },
        },
        error.status,
      );
    }
    if ((error instanceof SyntaxError || (error instanceof HTTPException && error.status === 400)) && c.req.path.startsWith('/api/')) {
      // Hono's JSON validator throws a 400 HTTPException for a body that is not JSON.
      return c.json({ error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } }, 400);
    }
    if (error instanceof HTTPException) {
      return c.json({ error: { code: 'http_error', message: error.message || 'Request refused.' } }, error.status);
    }
    // Input the database refused (text it cannot store, a number out of range, a constraint) is
    // the caller's mistake: a 400 (or 409), never a 500, and never the database's own words.
    // The database is away (restarting, unreachable): say so and when to try again; the pool
    // reconnects by itself when it is back.
    if (isDatabaseUnavailable(error)) {
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return c.json(
        {
          error: { code: 'database_unavailable', message: 'The database cannot be reached right now. Please try again in a few seconds.' },
        },
        503,
      );
    }
    // The database's disk is full (decision 077): nothing new can be stored, everything stored is
    // safe. Said plainly, and remembered for the health check.
    if (isStorageFull(error)) {
      recordStorageFull(c.get('deps'));
      console.error(`[http] ${c.req.method} ${c.req.path}: the database's storage is full`);
      return c.json({ error: { code: 'storage_full', message: STORAGE_FULL_MESSAGE } }, 507);
    }
    const refused = mapDatabaseError(error);
    if (refused) return c.json({ error: { code: refused.code, message: refused.message } }, refused.status);
    console.error(`[http] ${c.req.method} ${c.req.path} failed`, error);
    return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
