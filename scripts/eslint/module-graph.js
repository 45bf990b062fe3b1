import { readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import tseslint from 'typescript-eslint';

/*
 * The server's units and who imports whom, for the import-cycle rule (boundaries.js) and for a
 * look at the whole picture (`node scripts/eslint/module-graph.js` prints every cycle, or none).
 *
 * A unit is one module (server/modules/<name>), one other folder directly under server/ (auth, db,
 * lib, mail, realtime, seed, ...), or one file directly in server/ (app.ts, bootstrap.ts, ...).
 * Only imports that exist when the code runs count: `import type` (and imports of nothing but
 * types) are erased by TypeScript and order nothing. Tests and test support are not part of the
 * product's graph: a test may import whatever it exercises.
 */
export const ROOT = resolve(import.meta.dirname, '..', '..');
const ALIASES = { '@core/': 'core/', '@server/': 'server/', '@web/': 'web/' };

/** The repository path an import names (without extension), or null for a package. */
export function resolveImport(fromFile, source) {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (source.startsWith(alias)) return folder + source.slice(alias.length);
  }
  if (source.startsWith('.')) return relative(ROOT, resolve(ROOT, dirname(fromFile), source)).replace(/\.(ts|tsx|js|mjs)$/, '');
  return null;
}

/** The unit a server file belongs to (see above), or null outside server/. */
export function unitOf(file) {
  const path = file.replace(/\.(ts|tsx|js|mjs)$/, '');
  if (!path.startsWith('server/')) return null;
  const parts = path.split('/');
  if (parts[1] === 'modules' && parts.length > 3) return `modules/${parts[2]}`;
  return parts[1];
}

/** Test code: not part of the product's import graph. */
export const isTestFile = (file) => /\.test\.ts$|\.test-support\.ts$/.test(file) || file.startsWith('server/test/');

const isTypeOnlyImport = (node) =>
  node.importKind === 'type' ||
  (node.specifiers.length > 0 && node.specifiers.every((s) => s.type === 'ImportSpecifier' && s.importKind === 'type'));

const isTypeOnlyExport = (node) =>
  node.exportKind === 'type' || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.exportKind === 'type'));

/**
 * The imports a file makes at run time, as { node, source }: static imports and re-exports that
 * carry a value, and dynamic import() of a literal path. Works on an ESTree program (ESLint's AST).
 */
export function findRuntimeImports(program) {
  const found = [];
  const visit = (node) => {
    if (!node || typeof node.type !== 'string') return;
    if (node.type === 'ImportDeclaration') {
      if (!isTypeOnlyImport(node)) found.push({ node, source: node.source.value });
      return;
    }
    if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
      if (!isTypeOnlyExport(node)) found.push({ node, source: node.source.value });
      return;
    }
    if (node.type === 'ImportExpression' && node.source.type === 'Literal' && typeof node.source.value === 'string') {
      found.push({ node, source: node.source.value });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent' || key === 'loc' || key === 'range') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(program);
  return found;
}

/** For one file: the units it imports at run time, each with the import that does it. */
export function findUnitImports(file, program) {
  const from = unitOf(file);
  const out = [];
  for (const { node, source } of findRuntimeImports(program)) {
    const target = resolveImport(file, source);
    const unit = target === null ? null : unitOf(target);
    if (unit && unit !== from) out.push({ node, source, unit });
  }
  return out;
}

/** The product's server files (not tests), as repository paths. */
export function listServerFiles() {
  return readdirSync(resolve(ROOT, 'server'), { recursive: true })
    .map((name) => `server/${String(name).split('\\').join('/')}`)
    .filter((file) => file.endsWith('.ts') && !isTestFile(file) && !file.includes('/migrations/'));
}

/** Each file's unit imports, read from disk: file -> [{ unit, source }] (default: every product file). */
export function readServerImports(files = listServerFiles()) {
  const imports = new Map();
  for (const file of files) {
    const code = readFileSync(resolve(ROOT, file), 'utf8');
    const { ast } = tseslint.parser.parseForESLint(code, { sourceType: 'module', ecmaVersion: 'latest', range: false, loc: false });
    imports.set(
      file,
      findUnitImports(file, ast).map(({ source, unit }) => ({ source, unit })),
    );
  }
  return imports;
}

/** unit -> unit -> the first import (file and source) that makes the edge. */
export function buildUnitGraph(imports) {
  const graph = new Map();
  for (const [file, list] of imports) {
    const from = unitOf(file);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const { unit, source } of list) {
      if (!graph.get(from).has(unit)) graph.get(from).set(unit, `${file} imports ${source}`);
    }
  }
  return graph;
}

/** The shortest path of units from `start` to `goal` (both included), or null. */
export function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift();
    if (unit === goal) {
      const path = [];
      for (let at = goal; at !== null; at = previous.get(at)) path.unshift(at);
      return path;
    }
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, unit);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Every group of units that import each other, directly or round about (Tarjan's algorithm). */
export function findCycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indexOf = new Map();
  const low = new Map();
  const groups = [];
  const connect = (unit) => {
    indexOf.set(unit, index);
    low.set(unit, index);
    index += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(unit, Math.min(low.get(unit), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit), indexOf.get(next)));
      }
    }
    if (low.get(unit) === indexOf.get(unit)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const unit of graph.keys()) if (!indexOf.has(unit)) connect(unit);
  return groups;
}

// `node scripts/eslint/module-graph.js`: every cycle, with the imports that close it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const graph = buildUnitGraph(readServerImports());
  const cycles = findCycles(graph);
  console.info(`${graph.size} units, ${[...graph.values()].reduce((n, m) => n + m.size, 0)} edges`);
  for (const group of cycles) {
    console.info(`cycle: ${group.join(', ')}`);
    for (const from of group) {
      for (const [to, how] of graph.get(from) ?? []) if (group.includes(to)) console.info(`  ${from} -> ${to}: ${how}`);
    }
  }
  if (cycles.length === 0) console.info('no import cycles between server units');
  process.exit(cycles.length === 0 ? 0 : 1);
}
