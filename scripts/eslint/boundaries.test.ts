import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries are a lint rule (scripts/eslint/boundaries.js): these cases prove it
 * reports what ARCHITECTURE.md forbids and lets through what it allows, through the project's own
 * ESLint configuration, on code placed (virtually) where it would live.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/imports').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['core imports node', 'core/kpi/x.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;", /core is pure domain code/],
    ['core imports the server', 'core/kpi/x.ts', "import { createApp } from '@server/app';\nexport const x = createApp;", /core may import only core/],
    ['the server imports web', 'server/modules/x/x.service.ts', "import { paths } from '@web/lib/paths';\nexport const x = paths;", /server may not import web/],
    ['web takes a value from the server', 'web/lib/x.ts', "import { createApp } from '@server/app';\nexport const x = createApp;", /only types from server/],
    ['a feature imports another feature', 'web/features/activity/x.ts', "import { x as y } from '@web/features/scoreboard/lib/format';\nexport const x = y;", /feature "activity" may not import feature "scoreboard"/],
    ['shared web code imports a feature', 'web/lib/x.ts', "import { x as y } from '@web/features/activity/lib/toasts';\nexport const x = y;", /shared web code may not import features/],
    ['a service imports the schema', 'server/modules/x/x.service.ts', "import { activities } from '../../db/schema';\nexport const x = activities;", /only repositories, seed factories/],
  ])('reports %s', async (_label, file, code, message) => {
    const problems = await boundaryProblems(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it.each([
    ['web takes a type from the server', 'web/lib/x.ts', "import type { AppDeps } from '@server/context';\nexport type X = AppDeps;"],
    ['a repository imports the schema', 'server/modules/x/x.repository.ts', "import { activities } from '../../db/schema';\nexport const x = activities;"],
    ['a feature imports core and shared web code', 'web/features/activity/x.ts', "import { computeLocalDate } from '@core/period';\nimport { cn } from '@web/lib/cn';\nexport const x = [computeLocalDate, cn];"],
  ])('allows %s', async (_label, file, code) => {
    expect(await boundaryProblems(file, code)).toEqual([]);
  });
});
