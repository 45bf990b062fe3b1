import { statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import { buildUnitGraph, findPath, findUnitImports, isTestFile, listServerFiles, readServerImports, resolveImport, unitOf } from './module-graph.js';

/*
 * Import boundaries (ARCHITECTURE.md, "Shape of the repo"), as one small local rule that resolves
 * both aliases (@core, @server, @web) and relative paths, so no resolver plugin is needed:
 *   core   imports nothing of ours but core, and no node:* or DOM libraries;
 *   server imports core and server; web imports core and web, and server only as `import type`;
 *   web features do not import each other or the app layer; shared web code imports no feature;
 *   only repositories, seed factories and db/ itself import server/db/schema;
 *   a server module reaches another only through its services (`*.service.ts`, and the session's
 *   middleware), never its repository or routes; route handlers call services, never repositories.
 * And one more rule, module-cycles: no import cycle between the server's units (module-graph.js).
 */
const ROOT = resolve(import.meta.dirname, '..', '..');

const SCHEMA_ALLOWED = [/^server\/db\//, /\.repository\.ts$/, /\.test\.ts$/, /^server\/auth\//, /^server\/mail\//, /^server\/lib\//, /^bench\//, /^server\/test\//];
const CORE_FORBIDDEN_PACKAGES = /^(node:|react|react-dom|hono|pg|drizzle-orm|better-auth|@electric-sql)/;

/** The module a server path is in (server/modules/<name>/...), or null. */
const moduleOf = (path) => /^server\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;

/** A module's public doors: its services, and the session module's middleware. */
const isModuleDoor = (target) => /\.(service|middleware)$/.test(target);

/** Files directly in server/ (app.ts, bootstrap.ts, context.ts) assemble the modules: they may reach in. */
const isAssembly = (file) => /^server\/[^/]+$/.test(file);

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
