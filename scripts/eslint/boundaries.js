import { dirname, relative, resolve } from 'node:path';

/*
 * Import boundaries (ARCHITECTURE.md, "Shape of the repo"), as one small local rule that resolves
 * both aliases (@core, @server, @web) and relative paths, so no resolver plugin is needed:
 *   core   imports nothing of ours but core, and no node:* or DOM libraries;
 *   server imports core and server; web imports core and web, and server only as `import type`;
 *   web features do not import each other or the app layer; shared web code imports no feature;
 *   only repositories, seed factories and db/ itself import server/db/schema.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const ALIASES = { '@core/': 'core/', '@server/': 'server/', '@web/': 'web/' };

function resolveImport(fromFile, source) {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (source.startsWith(alias)) return folder + source.slice(alias.length);
  }
  if (source.startsWith('.')) return relative(ROOT, resolve(dirname(fromFile), source));
  return null; // a package
}

const SCHEMA_ALLOWED = [/^server\/db\//, /\.repository\.ts$/, /\.test\.ts$/, /^server\/auth\//, /^server\/mail\//, /^server\/lib\//, /^bench\//, /^server\/test\//];
const CORE_FORBIDDEN_PACKAGES = /^(node:|react|react-dom|hono|pg|drizzle-orm|better-auth|@electric-sql)/;

function checkImport(file, source, isTypeOnly) {
  const target = resolveImport(resolve(ROOT, file), source);
  const top = file.split('/')[0];
  if (top === 'core') {
    if (target === null) return CORE_FORBIDDEN_PACKAGES.test(source) ? `core is pure domain code: it may not import ${source}` : null;
    if (!target.startsWith('core/')) return `core may import only core (not ${target})`;
    return null;
  }
  if (target === null) return null;
  if (top === 'server' && target.startsWith('web/')) return 'server may not import web';
  if (top === 'web') {
    if (target.startsWith('server/') && !isTypeOnly) return 'web may take only types from server (use `import type`)';
    const feature = /^web\/features\/([^/]+)\//.exec(file)?.[1];
    const targetFeature = /^web\/features\/([^/]+)\//.exec(target)?.[1];
    if (feature && targetFeature && targetFeature !== feature) return `feature "${feature}" may not import feature "${targetFeature}" (compose them in web/app)`;
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

export const boundariesPlugin = {
  rules: {
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
