import type { z } from 'zod';

/*
 * Every message the contracts give a refusal of their own (`.min(1, 'Enter your name')`,
 * `{ message: … }`, `{ error: … }`, refinements), read from the schemas themselves, so the
 * catalogs' test (messages.test.ts) finds a message that has no translation. Messages written in
 * code paths (superRefine's addIssue) are listed by that test from the sources.
 */

type Def = { type?: string; error?: (issue?: unknown) => unknown; checks?: { _zod: { def: Def } }[] } & Record<string, unknown>;

function isSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' && value !== null && '_zod' in value && typeof (value as { _zod: { def?: unknown } })._zod.def === 'object'
  );
}

/** The text a def's own error gives (a string message becomes a function returning it). */
function ownMessage(def: Def): string | null {
  if (typeof def.error !== 'function') return null;
  try {
    const result = def.error({ code: 'custom', input: undefined, path: [] });
    if (typeof result === 'string') return result;
    if (result && typeof result === 'object' && typeof (result as { message?: unknown }).message === 'string')
      return (result as { message: string }).message;
  } catch {
    // An error map that needs a real issue: not a fixed message.
  }
  return null;
}

/** Walks a schema (objects, arrays, unions, pipes, optionals, records, tuples, checks) and adds its own messages. */
export function collectSchemaMessages(schema: unknown, into: Set<string> = new Set(), seen: Set<unknown> = new Set()): Set<string> {
  if (!isSchema(schema) || seen.has(schema)) return into;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const own = ownMessage(def);
  if (own) into.add(own);
  for (const check of def.checks ?? []) {
    const message = ownMessage(check._zod.def);
    if (message) into.add(message);
  }
  for (const value of Object.values(def)) {
    if (isSchema(value)) collectSchemaMessages(value, into, seen);
    else if (Array.isArray(value)) for (const item of value) collectSchemaMessages(item, into, seen);
    else if (value && typeof value === 'object' && !('_zod' in value)) {
      // An object's shape: { field: schema }.
      for (const child of Object.values(value as Record<string, unknown>)) collectSchemaMessages(child, into, seen);
    }
  }
  // A lazily defined shape (z.object's getter) and the catchall.
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === 'object') for (const child of Object.values(shape)) collectSchemaMessages(child, into, seen);
  return into;
}

/** Every message of every schema a module exports. */
export function collectModuleMessages(module: Record<string, unknown>): Set<string> {
  const into = new Set<string>();
  const seen = new Set<unknown>();
  for (const value of Object.values(module)) collectSchemaMessages(value, into, seen);
  return into;
}
