import { relative, resolve } from 'node:path';

/*
 * Comments say the rule or the reason itself. The product's specification and the issue tracker are
 * not part of the repository, so a comment that cites a section of the specification, its words, or
 * an issue by number sends a reader to something they cannot open. A decision (docs/decisions/NNN)
 * or docs/performance.md may be cited: they are here. Test titles are read in reports the same way,
 * so they are checked too. Migrations are history, and eslint.config.js ignores them.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

/** The top-level folders whose files are checked: all of the product's code. */
export const CHECKED_FOLDERS = ['core', 'server', 'scripts', 'e2e', 'bench', 'web'];

const CITATIONS = [/\b(spec|issues?)\s*#?\d+/i, /\bspec['’]s\b|\bthe spec\b/i];

const MESSAGE =
  'cites the spec or an issue, which are not in the repository: say the rule or the reason itself (a decision, docs/decisions/NNN, may be cited)';

const citesOutside = (text) => CITATIONS.some((re) => re.test(text));

/** describe, it and test, bare or as describe.each(...)(...), it.skip, test.concurrent and the like. */
const TEST_FUNCTIONS = new Set(['describe', 'it', 'test']);
function isTestCall(callee) {
  let node = callee;
  while (node.type === 'MemberExpression' || node.type === 'CallExpression')
    node = node.type === 'MemberExpression' ? node.object : node.callee;
  return node.type === 'Identifier' && TEST_FUNCTIONS.has(node.name);
}

/** The text of a string or template literal (its fixed parts), or null. */
function textOf(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ');
  return null;
}

export const commentsPlugin = {
  rules: {
    'no-spec-citations': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const file = relative(ROOT, context.filename).split('\\').join('/');
        if (!CHECKED_FOLDERS.includes(file.split('/')[0])) return {};
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (citesOutside(comment.value)) context.report({ loc: comment.loc, message: `A comment ${MESSAGE}` });
            }
          },
          CallExpression(node) {
            if (!isTestCall(node.callee)) return;
            const title = textOf(node.arguments[0]);
            if (title !== null && citesOutside(title)) context.report({ node: node.arguments[0], message: `A test title ${MESSAGE}` });
          },
        };
      },
    },
  },
};
