import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * Comments and test titles say the rule itself (scripts/eslint/comments.js): these cases prove the
 * rule reports a citation of the specification or of an issue, through the project's own ESLint
 * configuration, and lets through what may be cited and the folders it does not check yet.
 * The cited words are built from parts so this file does not cite anything itself.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });
const SPEC = 'sp' + 'ec';
const ISSUE = 'iss' + 'ue';

async function problemsOf(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === 'comments/no-spec-citations').map((m) => m.message);
}

describe('comments that cite the specification or an issue', () => {
  it.each([
    ['a section of the specification', 'core/stats/x.ts', `/** ${SPEC} 9: ties by calls. */\nexport const x = 1;`],
    ['a capitalised section', 'server/modules/x/x.service.ts', `// ${SPEC.toUpperCase()} 5: whole numbers.\nexport const x = 1;`],
    ["the specification's words", 'e2e/x.e2e.ts', `// Shown with the ${SPEC}'s text.\nexport const x = 1;`],
    ["the specification's words, typeset", 'e2e/x.e2e.ts', `// In the ${SPEC}’s order.\nexport const x = 1;`],
    ['a section of the specification in the web', 'web/lib/x.ts', `// ${SPEC} 9: five suggestions.\nexport const x = 1;`],
    ['the specification itself', 'scripts/x.ts', `/* As the ${SPEC} asks. */\nexport const x = 1;`],
    ['an issue by number', 'bench/x.bench.ts', `/*\n * The write path (${ISSUE} 11).\n */\nexport const x = 1;`],
    ['an issue with a hash', 'server/lib/x.ts', `export const x = 1; // see ${ISSUE} #12`],
    ['issues by number', 'bench/x.bench.ts', `// What ${ISSUE}s 3 and 4 ask for.\nexport const x = 1;`],
    ['a test title', 'server/x.test.ts', `import { it } from 'vitest';\nit('refuses with the ${SPEC} text', () => {});`],
    [
      'a describe title of a table',
      'core/x.test.ts',
      `import { describe } from 'vitest';\ndescribe.each([1])('prices (${SPEC} 9) %s', () => {});`,
    ],
    [
      'a test title in a template',
      'e2e/x.e2e.ts',
      `import { it } from 'vitest';\nit.skip(\`sends links where the ${SPEC} says\`, () => {});`,
    ],
  ])('reports %s', async (_label, file, code) => {
    const problems = await problemsOf(file, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/cites the spec or an issue, which are not in the repository: say the rule or the reason itself/);
  });

  it.each([
    ['the rule itself', 'core/stats/x.ts', '/** Ties broken by calls, then meetings. */\nexport const x = 1;'],
    ['a decision', 'server/lib/x.ts', '// Named prepared statements (decision 028).\nexport const x = 1;'],
    ['the measured record', 'server/lib/x.ts', '// A tenth of the CPU (docs/performance.md).\nexport const x = 1;'],
    [
      'words that only start alike',
      'server/lib/x.ts',
      `// The ${SPEC}ification of the OpenAPI document; a ${SPEC}ial case.\nexport const x = 1;`,
    ],
    ['code named so (not a comment)', 'e2e/x.e2e.ts', `const ${SPEC} = { paths: {} };\nexport const x = ${SPEC}.paths;`],
    ['a string that is no test title', 'server/lib/x.ts', `export const x = ['${SPEC} 9', '${ISSUE} 11'];`],
    ['a file outside the checked folders', 'docs/x.ts', `// ${SPEC} 9: five suggestions.\nexport const x = 1;`],
  ])('allows %s', async (_label, file, code) => {
    expect(await problemsOf(file, code)).toEqual([]);
  });

  it('reports each citing comment where it is', async () => {
    const [result] = await eslint.lintText(`export const x = 1;\n\n// ${ISSUE} 10\nexport const y = 2; /* ${SPEC} 3 */\n`, {
      filePath: resolve(ROOT, 'server/lib/x.ts'),
    });
    const lines = result!.messages.filter((m) => m.ruleId === 'comments/no-spec-citations').map((m) => m.line);
    expect(lines).toEqual([3, 4]);
  });
});
