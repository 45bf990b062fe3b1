import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { checkFeatureLayout, FEATURE_FOLDERS, WEB_FEATURES } from './boundaries.js';
import { buildUnitGraph, findCycles, readServerImports } from './module-graph.js';

/*
 * The import boundaries are a lint rule (scripts/eslint/boundaries.js): these cases prove it
 * reports what ARCHITECTURE.md forbids and lets through what it allows, through the project's own
 * ESLint configuration, on code placed (virtually) where it would live.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function problemsOf(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryProblems = (file: string, code: string) => problemsOf('boundaries/imports', file, code);
const cycleProblems = (file: string, code: string) => problemsOf('boundaries/module-cycles', file, code);
const ownerProblems = (file: string, code: string) => problemsOf('boundaries/table-owners', file, code);
const layoutProblems = (file: string) => problemsOf('boundaries/feature-layout', file, 'export const x = 1;\n');

describe('import boundaries', () => {
  it.each([
    [
      'core imports node',
      'core/kpi/x.ts',
      "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;",
      /core is pure domain code/,
    ],
    [
      'core imports the server',
      'core/kpi/x.ts',
      "import { createApp } from '@server/app';\nexport const x = createApp;",
      /core may import only core/,
    ],
    [
      'the server imports web',
      'server/modules/x/x.service.ts',
      "import { paths } from '@web/lib/paths';\nexport const x = paths;",
      /server may not import web/,
    ],
    [
      'web takes a value from the server',
      'web/lib/x.ts',
      "import { createApp } from '@server/app';\nexport const x = createApp;",
      /only types from server/,
    ],
    [
      'a feature imports another feature',
      'web/features/activity/components/x.ts',
      "import { StatsCards } from '@web/features/goals/components/stats-cards';\nexport const x = StatsCards;",
      /feature "activity" may not import feature "goals"/,
    ],
    [
      'a feature imports another feature by a relative path',
      'web/features/members/components/x.ts',
      "import { InvitationsCard } from '../../invitations/components/invitations-card';\nexport const x = InvitationsCard;",
      /feature "members" may not import feature "invitations"/,
    ],
    [
      'shared web code imports a feature',
      'web/lib/x.ts',
      "import { x as y } from '@web/features/activity/lib/toasts';\nexport const x = y;",
      /shared web code may not import features/,
    ],
    [
      'a service imports the schema',
      'server/modules/x/x.service.ts',
      "import { activities } from '../../db/schema';\nexport const x = activities;",
      /only repositories, seed factories/,
    ],
    [
      "a module imports another module's repository",
      'server/modules/members/x.service.ts',
      "import { findCustomers } from '../customers/customers.repository';\nexport const x = findCustomers;",
      /module "customers" is reached only through its services/,
    ],
    [
      "a module imports another module's routes",
      'server/modules/members/x.service.ts',
      "import { customersRoutes } from '../customers/customers.routes';\nexport const x = customersRoutes;",
      /module "customers" is reached only through its services/,
    ],
    [
      'the seed imports a repository',
      'server/seed/x.ts',
      "import { findCustomers } from '../modules/customers/customers.repository';\nexport const x = findCustomers;",
      /module "customers" is reached only through its services/,
    ],
    [
      'a route handler calls its repository',
      'server/modules/customers/x.routes.ts',
      "import { findCustomers } from './customers.repository';\nexport const x = findCustomers;",
      /route handlers call services, never repositories/,
    ],
  ])('reports %s', async (_label, file, code, message) => {
    const problems = await boundaryProblems(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    ['web takes a type from the server', 'web/lib/x.ts', "import type { AppDeps } from '@server/context';\nexport type X = AppDeps;"],
    [
      'a repository imports the schema',
      'server/modules/x/x.repository.ts',
      "import { activities } from '../../db/schema';\nexport const x = activities;",
    ],
    [
      'a feature imports core and shared web code',
      'web/features/activity/components/x.ts',
      "import { computeLocalDate } from '@core/period';\nimport { cn } from '@web/lib/cn';\nexport const x = [computeLocalDate, cn];",
    ],
    [
      "a module calls another module's service",
      'server/modules/members/x.service.ts',
      "import { listCustomers } from '../customers/customers.service';\nexport const x = listCustomers;",
    ],
    [
      "a module's routes use the session's middleware",
      'server/modules/x/x.routes.ts',
      "import { requireMember } from '../session/session.middleware';\nexport const x = requireMember;",
    ],
    [
      "a test reaches into another module's repository",
      'server/modules/members/x.test.ts',
      "import { findCustomers } from '../customers/customers.repository';\nexport const x = findCustomers;",
    ],
  ])('allows %s', async (_label, file, code) => {
    expect(await boundaryProblems(file, code)).toEqual([]);
  });
});

describe('import cycles between server units', () => {
  // Every module's routes import the session's middleware (requireMember), so the session module
  // importing a module with routes would close a cycle: session -> activities -> session.
  it('reports an import that closes a cycle, naming the way back', async () => {
    const problems = await cycleProblems(
      'server/modules/session/x.service.ts',
      "import { logActivity } from '../activities/activities.service';\nexport const x = logActivity;",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^import cycle between server units: modules\/session -> modules\/activities -> modules\/session /);
    expect(problems[0]).toContain('server/modules/activities/activities.routes.ts imports ../session/session.middleware');
  });

  it('reports a cycle through other units, and through a re-export or a dynamic import', async () => {
    // session -> auth is on disk (the session cookie's name); auth importing a module with routes closes it.
    const viaAuth = await cycleProblems(
      'server/auth/x.ts',
      "import { listCustomers } from '../modules/customers/customers.service';\nexport const x = listCustomers;",
    );
    expect(viaAuth[0]).toMatch(/auth -> modules\/customers -> modules\/session -> auth/);
    expect(
      await cycleProblems('server/modules/session/x.ts', "export { logActivity } from '../activities/activities.service';"),
    ).toHaveLength(1);
    expect(
      await cycleProblems('server/modules/session/x.ts', "export const x = () => import('../activities/activities.service');"),
    ).toHaveLength(1);
  });

  it.each([
    [
      'an import the other way (a module uses the session)',
      'server/modules/activities/x.ts',
      "import { requireMember } from '../session/session.middleware';\nexport const x = requireMember;",
    ],
    [
      'a type-only import (erased at run time)',
      'server/modules/session/x.ts',
      "import type { Activity } from '../activities/activities.service';\nexport type X = Activity;",
    ],
    [
      'imports of types only, inline',
      'server/modules/session/x.ts',
      "import { type Activity } from '../activities/activities.service';\nexport type X = Activity;",
    ],
    [
      'a test (tests may import what they exercise)',
      'server/modules/session/x.test.ts',
      "import { logActivity } from '../activities/activities.service';\nexport const x = logActivity;",
    ],
  ])('allows %s', async (_label, file, code) => {
    expect(await cycleProblems(file, code)).toEqual([]);
  });

  it('finds none in the server as it is', () => {
    expect(findCycles(buildUnitGraph(readServerImports()))).toEqual([]);
  });
});

describe('one owner per table', () => {
  const schema = "import { alias } from 'drizzle-orm/pg-core';\nimport { sql } from 'drizzle-orm';\n";
  it.each([
    [
      'another module writes memberships',
      'server/modules/members/x.repository.ts',
      `${schema}import { profiles } from '../../db/schema';\nexport const x = (tx) => tx.insert(profiles).values({});`,
      /^profiles is written only by its owner, server\/modules\/companies\/memberships\.repository\.ts/,
    ],
    [
      'another module updates a company',
      'server/modules/settings/x.repository.ts',
      `${schema}import { companies as c } from '../../db/schema';\nexport const x = (tx) => tx.update(c).set({ name: 'x' });`,
      /^companies is written only by its owner/,
    ],
    [
      'another module reads companies on its own',
      'server/modules/scoreboard/x.repository.ts',
      `${schema}import { companies } from '../../db/schema';\nexport const x = (tx) => tx.select().from(companies);`,
      /^companies is read on its own only by its owner, server\/modules\/companies\/companies\.repository\.ts/,
    ],
    [
      'raw SQL naming the table',
      'server/modules/settings/x.repository.ts',
      `${schema}import { profiles } from '../../db/schema';\nexport const x = sql\`SELECT count(*) FROM \${profiles}\`;`,
      /^profiles is read on its own only by its owner/,
    ],
    [
      "a module writes better-auth's accounts through a namespace import",
      'server/modules/settings/x.repository.ts',
      `${schema}import * as schema from '../../db/schema';\nexport const x = (tx) => tx.update(schema.user).set({ name: '' });`,
      /^user is written only by its owner, server\/auth\//,
    ],
  ])('reports %s', async (_label, file, code, message) => {
    const problems = await ownerProblems(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    [
      'the owner writing and reading its table',
      'server/modules/companies/memberships.repository.ts',
      `${schema}import { profiles } from '../../db/schema';\nexport const x = (tx) => [tx.insert(profiles).values({}), tx.select().from(profiles)];`,
    ],
    [
      'another file of the owners that share a table (an operation each)',
      'server/modules/companies/members.repository.ts',
      `${schema}import { profiles } from '../../db/schema';\nexport const x = (tx) => tx.update(profiles).set({ role: 'user' });`,
    ],
    [
      "a read joining another owner's table for names",
      'server/modules/audit/audit.repository.ts',
      `${schema}import { auditLog, profiles } from '../../db/schema';\nconst p = alias(profiles, 'p');\nexport const x = (tx) => tx.select({ name: p.displayName, n: sql\`\${profiles.displayName}\` }).from(auditLog).leftJoin(profiles, sql\`true\`).innerJoin(p, sql\`true\`);`,
    ],
    [
      'the erasure, which reaches every table (decision 022)',
      'server/modules/privacy/erasure.repository.ts',
      `${schema}import { profiles } from '../../db/schema';\nexport const x = (tx) => tx.update(profiles).set({ displayName: null });`,
    ],
    [
      'a test looking behind the API',
      'server/modules/members/x.test.ts',
      `${schema}import { profiles } from '../../db/schema';\nexport const x = (tx) => tx.select().from(profiles);`,
    ],
    [
      'a table no module owns (the rollup, kept by its trigger)',
      'server/modules/scoreboard/x.repository.ts',
      `${schema}import { dailyUserStats } from '../../db/schema';\nexport const x = (tx) => tx.select().from(dailyUserStats);`,
    ],
  ])('allows %s', async (_label, file, code) => {
    expect(await ownerProblems(file, code)).toEqual([]);
  });
});

describe('the web features and their folders', () => {
  it.each([
    [
      'a folder that is not a known feature',
      'web/features/scoreboard/routes/x.tsx',
      /^"scoreboard" is not a known feature \(account, activity, /,
    ],
    [
      'a stray folder in a feature',
      'web/features/activity/hooks/use-x.ts',
      /^feature "activity" holds only api\/, components\/, routes\/, lib\/ \(not hooks\/\)/,
    ],
    [
      'a file directly in a feature folder',
      'web/features/activity/x.ts',
      /^a feature folder holds only api\/, components\/, routes\/, lib\/, not files \(activity\/x.ts\)/,
    ],
    ['a file directly in web/features', 'web/features/x.ts', /^web\/features holds only feature folders, not files/],
  ])('reports %s', async (_label, file, message) => {
    const problems = await layoutProblems(file);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    ["a feature's screen", 'web/features/reports/routes/x.tsx'],
    ["a feature's component, in a folder of its own", 'web/features/tv/components/parts/x.tsx'],
    ['shared code', 'web/components/x.tsx'],
    ['a screen made of several features', 'web/app/routes/x.tsx'],
  ])('allows %s', async (_label, file) => {
    expect(await layoutProblems(file)).toEqual([]);
  });

  // Lint sees only the files it lints; this reads every file (a stylesheet, a JSON) on disk.
  it('finds the tree as it is in order: every known feature there, and nothing else', () => {
    const files = readdirSync(resolve(ROOT, 'web/features'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `${entry.parentPath.slice(ROOT.length + 1)}/${entry.name}`.replaceAll('\\', '/'));
    expect(files.map((file) => [file, checkFeatureLayout(file)]).filter(([, problem]) => problem)).toEqual([]);
    expect(new Set(files.map((file) => file.split('/')[2]))).toEqual(new Set(WEB_FEATURES));
    expect(FEATURE_FOLDERS).toEqual(['api', 'components', 'routes', 'lib']);
  });

  it("matches docs/architecture.md's map of the web's features", () => {
    const doc = readFileSync(resolve(ROOT, 'docs/architecture.md'), 'utf8');
    const section = doc.split("## The web's features")[1]?.split('\n## ')[0] ?? '';
    const documented = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(WEB_FEATURES);
  });
});
