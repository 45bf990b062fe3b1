import { statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import {
  buildUnitGraph,
  findPath,
  findUnitImports,
  isTestFile,
  listServerFiles,
  readServerImports,
  resolveImport,
  unitOf,
} from './module-graph.js';

/*
 * Import boundaries (ARCHITECTURE.md, "Shape of the repo"), as one small local rule that resolves
 * both aliases (@core, @server, @web) and relative paths, so no resolver plugin is needed:
 *   core   imports nothing of ours but core, and no node:* or DOM libraries;
 *   server imports core and server; web imports core and web, and server only as `import type`;
 *   web features do not import each other or the app layer; shared web code imports no feature;
 *   only repositories, seed factories and db/ itself import server/db/schema;
 *   a server module reaches another only through its services (`*.service.ts`, and the session's
 *   middleware), never its repository or routes; route handlers call services, never repositories.
 * And two more rules: module-cycles, no import cycle between the server's units (module-graph.js);
 * feature-layout, web/features holds only the features below, each only in api/, components/,
 * routes/ and lib/ (the map in docs/architecture.md, "The web's features").
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

const SCHEMA_ALLOWED = [
  /^server\/db\//,
  /\.repository\.ts$/,
  /\.test\.ts$/,
  /^server\/auth\//,
  /^server\/mail\//,
  /^server\/lib\//,
  /^bench\//,
  /^server\/test\//,
];
const CORE_FORBIDDEN_PACKAGES = /^(node:|react|react-dom|hono|pg|drizzle-orm|better-auth|@electric-sql)/;

/** The module a server path is in (server/modules/<name>/...), or null. */
const moduleOf = (path) => /^server\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;

/** A module's public doors: its services, and the session module's middleware. */
const isModuleDoor = (target) => /\.(service|middleware)$/.test(target);

/** Files directly in server/ (app.ts, bootstrap.ts, context.ts) assemble the modules: they may reach in. */
const isAssembly = (file) => /^server\/[^/]+$/.test(file);

/*
 * The web's features: one folder per thing a user works with (docs/architecture.md lists what each
 * holds; scripts/eslint/boundaries.test.ts keeps that list and this one the same). A new feature is
 * added here and there; code several features need is shared code (web/components, web/lib), and a
 * screen made of several features is composed in web/app/routes.
 */
export const WEB_FEATURES = [
  'account',
  'activity',
  'activity-types',
  'kpis',
  'boards',
  'api-tokens',
  'audit',
  'auth',
  'badges',
  'billing',
  'celebrations',
  'coaching',
  'connections',
  'company',
  'contests',
  'customers',
  'dashboard',
  'exports',
  'goals',
  'imports',
  'inbox',
  'invitations',
  'kpi-rules',
  'landing',
  'members',
  'public-pages',
  'reports',
  'targets',
  'teams',
  'tv',
  'webhooks',
  'wrapup',
];

/** What a feature's folder may hold: its calls to the API, its components, its screens, its helpers. */
export const FEATURE_FOLDERS = ['api', 'components', 'routes', 'lib'];

/** Why a file may not live where it is under web/features, or null when it may. */
export function checkFeatureLayout(file) {
  const inFeatures = /^web\/features\/(.+)$/.exec(file)?.[1];
  if (!inFeatures) return null;
  const [feature, folder, ...rest] = inFeatures.split('/');
  if (folder === undefined) return `web/features holds only feature folders, not files (${feature})`;
  if (!WEB_FEATURES.includes(feature)) {
    return `"${feature}" is not a known feature (${WEB_FEATURES.join(', ')}): add it to WEB_FEATURES in scripts/eslint/boundaries.js and to docs/architecture.md, or put the code in an existing one`;
  }
  if (rest.length === 0) return `a feature folder holds only ${FEATURE_FOLDERS.join('/, ')}/, not files (${feature}/${folder})`;
  if (!FEATURE_FOLDERS.includes(folder)) return `feature "${feature}" holds only ${FEATURE_FOLDERS.join('/, ')}/ (not ${folder}/)`;
  return null;
}

function checkServerImport(file, target) {
  const from = moduleOf(file);
  const to = moduleOf(target);
  if (to && to !== from && !isModuleDoor(target) && !isAssembly(file) && !isTestFile(file)) {
    return `module "${to}" is reached only through its services (not ${basename(target)}): modules meet through services`;
  }
  if (/\.routes\.ts$/.test(file) && /\.repository$/.test(target)) return 'route handlers call services, never repositories';
  return null;
}

function checkImport(file, source, isTypeOnly) {
  const target = resolveImport(file, source);
  const top = file.split('/')[0];
  if (top === 'core') {
    if (target === null) return CORE_FORBIDDEN_PACKAGES.test(source) ? `core is pure domain code: it may not import ${source}` : null;
    if (!target.startsWith('core/')) return `core may import only core (not ${target})`;
    return null;
  }
  if (target === null) return null;
  if (top === 'server' && target.startsWith('web/')) return 'server may not import web';
  if (top === 'server') {
    const problem = checkServerImport(file, target);
    if (problem) return problem;
  }
  if (top === 'web') {
    if (target.startsWith('server/') && !isTypeOnly) return 'web may take only types from server (use `import type`)';
    const feature = /^web\/features\/([^/]+)\//.exec(file)?.[1];
    const targetFeature = /^web\/features\/([^/]+)\//.exec(target)?.[1];
    if (feature && targetFeature && targetFeature !== feature)
      return `feature "${feature}" may not import feature "${targetFeature}" (compose them in web/app)`;
    if (feature && target.startsWith('web/app/')) return `feature "${feature}" may not import the app layer`;
    if (!feature && /^web\/(components|lib|i18n)\//.test(file) && (targetFeature || target.startsWith('web/app/'))) {
      return 'shared web code may not import features or the app layer';
    }
  }
  if (/^server\/db\/schema(\/|$)/.test(target) && !SCHEMA_ALLOWED.some((re) => re.test(file))) {
    return 'only repositories, seed factories and server/db may import the schema';
  }
  return null;
}

/*
 * One owner per table (decision 030): the one file that writes a table and reads it on its own.
 * Every other module asks the owner's service (whole operations, or transaction steps that take
 * the caller's open transaction). A read of one's own may still join an owned table for display
 * columns (the feed's author names, the audit log's names), never write it nor select from it.
 * Keyed by the schema's export names; a path ending in / owns through every file in the folder, and
 * a list names the files of one module that share a table (each an operation of it).
 */
const TABLE_OWNERS = {
  companies: 'server/modules/companies/companies.repository.ts',
  appSettings: 'server/modules/companies/companies.repository.ts',
  profiles: [
    'server/modules/companies/memberships.repository.ts',
    'server/modules/companies/members.repository.ts',
    'server/modules/companies/member-views.repository.ts',
  ],
  instanceSettings: 'server/db/instance-settings.ts',
  activities: 'server/modules/activities/',
  // Written by the activities_tombstone trigger; read by the sync feed.
  deletedActivities: 'server/modules/activities/',
  apiTokens: 'server/modules/api-tokens/api-tokens.repository.ts',
  customerCompanies: 'server/modules/customers/customers.repository.ts',
  goals: 'server/modules/goals/goals.repository.ts',
  invitations: 'server/modules/invitations/invitations.repository.ts',
  kpiRules: 'server/modules/kpi-rules/kpi-rules.repository.ts',
  activityTypes: 'server/modules/activity-types/activity-types.repository.ts',
  kpis: 'server/modules/kpis/kpis.repository.ts',
  boards: 'server/modules/boards/boards.repository.ts',
  boardHomes: 'server/modules/boards/boards.repository.ts',
  wrapups: 'server/modules/wrapups/wrapups.repository.ts',
  displayLinks: 'server/modules/tv/display-links.repository.ts',
  tvPlaylists: 'server/modules/tv/tv-playlists.repository.ts',
  auditLog: 'server/modules/audit/audit.repository.ts',
  avatarImages: 'server/modules/avatars/avatars.repository.ts',
  contactRequests: 'server/modules/contact/contact.repository.ts',
  mailOutbox: 'server/mail/mailer.ts',
  signInFailures: 'server/auth/sign-in-failures.repository.ts',
  appRateLimits: 'server/lib/rate-limit.ts',
  companyCalendars: 'server/modules/calendar/calendar.repository.ts',
  companyDaysOff: 'server/modules/calendar/calendar.repository.ts',
  targets: 'server/modules/targets/targets.repository.ts',
  digestWeeks: 'server/modules/digest/digest.repository.ts',
  wrapupReads: 'server/modules/coaching/coaching.repository.ts',
  wrapupComments: 'server/modules/coaching/coaching.repository.ts',
  coachingNotes: 'server/modules/coaching/coaching.repository.ts',
  feedEvents: 'server/modules/feed/feed.repository.ts',
  celebrationSettings: 'server/modules/celebrations/celebrations.repository.ts',
  feedReactions: 'server/modules/celebrations/celebrations.repository.ts',
  // better-auth's own tables: better-auth, and server/auth for what it has no call for.
  user: 'server/auth/',
  session: 'server/auth/',
  account: 'server/auth/',
  verification: 'server/auth/',
  rateLimit: 'server/auth/',
  // daily_user_stats has no owner in TypeScript: the activities_rollup trigger keeps it (its
  // arithmetic is daily_stats_delta, migration 0047). Modules read it through its reader,
  // server/modules/daily-stats/; a bigger statement of one's own may read it itself (the badges'
  // judgement, the scoreboard's grouping sets, a wrap-up's logged numbers, the activities' write path).
};

/** Reads everything held about one person and erases it in one transaction (decision 022). */
const OWNS_NOTHING_ERASES_EVERYTHING = new Set([
  'server/modules/privacy/personal-data.repository.ts',
  'server/modules/privacy/erasure.repository.ts',
]);

const ownsTable = (file, table) => {
  const owner = TABLE_OWNERS[table];
  if (owner === undefined) return true;
  return [owner].flat().some((path) => (path.endsWith('/') ? file.startsWith(path) : file === path));
};

const TABLE_VERBS = { from: 'reads', insert: 'writes', update: 'writes', delete: 'writes' };

/*
 * The import graph of the product's server files, kept per file and re-read only when a file
 * changed (an editor lints one file at a time, for hours), so a whole-repository lint parses each
 * file once.
 */
const parsed = new Map();

function currentServerImports() {
  const imports = new Map();
  for (const file of listServerFiles()) {
    const mtime = statSync(resolve(ROOT, file)).mtimeMs;
    let entry = parsed.get(file);
    if (!entry || entry.mtime !== mtime) {
      entry = { mtime, imports: readServerImports([file]).get(file) };
      parsed.set(file, entry);
    }
    imports.set(file, entry.imports);
  }
  return imports;
}

export const boundariesPlugin = {
  rules: {
    'feature-layout': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const problem = checkFeatureLayout(relative(ROOT, context.filename));
        return problem ? { Program: (node) => context.report({ node, message: problem }) } : {};
      },
    },
    'table-owners': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = relative(ROOT, context.filename);
        if (!file.startsWith('server/') || isTestFile(file) || file.startsWith('server/db/') || OWNS_NOTHING_ERASES_EVERYTHING.has(file)) {
          return {};
        }
        // Local names of the schema's tables (import { profiles as p } from '.../db/schema'), and
        // namespace imports (import * as schema), whose members are the tables.
        const tables = new Map();
        const namespaces = new Set();
        const tableOf = (node) => {
          if (node?.type === 'Identifier') return tables.get(node.name) ?? null;
          if (
            node?.type === 'MemberExpression' &&
            node.object.type === 'Identifier' &&
            namespaces.has(node.object.name) &&
            node.property.type === 'Identifier'
          ) {
            return node.property.name;
          }
          return null;
        };
        const report = (node, table, verb) => {
          const owner = [TABLE_OWNERS[table]].flat().join(' or ');
          context.report({
            node,
            message:
              verb === 'writes'
                ? `${table} is written only by its owner, ${owner} (one owner per table): call its service`
                : `${table} is read on its own only by its owner, ${owner} (one owner per table): ask its service (a read of yours may join it)`,
          });
        };
        return {
          ImportDeclaration(node) {
            const target = resolveImport(file, node.source.value);
            if (target !== 'server/db/schema' && !target?.startsWith('server/db/schema/')) return;
            for (const specifier of node.specifiers) {
              if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
              else if (specifier.type === 'ImportSpecifier' && specifier.imported.type === 'Identifier')
                tables.set(specifier.local.name, specifier.imported.name);
            }
          },
          // tx.select().from(t), tx.insert(t), tx.update(t), tx.delete(t)
          CallExpression(node) {
            if (node.callee.type !== 'MemberExpression' || node.callee.property.type !== 'Identifier') return;
            const verb = TABLE_VERBS[node.callee.property.name];
            const table = verb ? tableOf(node.arguments[0]) : null;
            if (table && !ownsTable(file, table)) report(node, table, verb);
          },
          // sql`... FROM ${t} ...`: the table itself in raw SQL (its columns are a join's business)
          TaggedTemplateExpression(node) {
            if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
            for (const expression of node.quasi.expressions) {
              const table = tableOf(expression);
              if (table && !ownsTable(file, table)) report(expression, table, 'reads');
            }
          },
        };
      },
    },
    /*
     * No import cycle between the server's units (a module, another folder under server/, a file
     * in server/): two units that need each other are one unit in two places, load in an order
     * nobody chose, and cannot be understood, tested or moved apart. The file being linted counts
     * as written in the editor; every other file as it is on disk.
     */
    'module-cycles': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = relative(ROOT, context.filename);
        if (!file.startsWith('server/') || isTestFile(file)) return {};
        return {
          'Program:exit'(program) {
            const own = findUnitImports(file, program);
            if (own.length === 0) return;
            const imports = currentServerImports();
            imports.set(
              file,
              own.map(({ unit, source }) => ({ unit, source })),
            );
            const graph = buildUnitGraph(imports);
            const from = unitOf(file);
            for (const { node, unit } of own) {
              const back = findPath(graph, unit, from);
              if (!back) continue;
              const how = back.slice(1).map((next, i) => `${back[i]} -> ${next}: ${graph.get(back[i]).get(next)}`);
              context.report({
                node,
                message: `import cycle between server units: ${[from, ...back].join(' -> ')} (${how.join('; ')}). Move what both need into the lower one, or into a service the other calls.`,
              });
            }
          },
        };
      },
    },
    imports: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = relative(ROOT, context.filename);
        const check = (node, source, isTypeOnly) => {
          const problem = checkImport(file, source, isTypeOnly);
          if (problem) context.report({ node, message: problem });
        };
        return {
          ImportDeclaration(node) {
            check(node, node.source.value, node.importKind === 'type');
          },
          ImportExpression(node) {
            if (node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value, false);
          },
          ExportAllDeclaration(node) {
            check(node, node.source.value, node.exportKind === 'type');
          },
          ExportNamedDeclaration(node) {
            if (node.source) check(node, node.source.value, node.exportKind === 'type');
          },
        };
      },
    },
  },
};
