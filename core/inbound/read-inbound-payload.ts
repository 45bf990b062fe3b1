import type { InboundKind, InboundMapping, InboundRefusal } from '../contracts';

/*
 * Reading a payload an inbound source sent (decision 120) by its mapping: pure, so the receiving
 * route, the mapping screen's preview and the tests read a payload the same way. What it cannot
 * read is a refusal in words the admin understands; whether the member, type and values are the
 * company's is for the server to check against what it has.
 */

/** What one payload says, read by the mapping. */
export type InboundRecord =
  | { kind: 'deletion'; externalId: string }
  | {
      kind: 'activity';
      externalId: string;
      member: { by: 'email' | 'id'; value: string };
      logs: InboundKind;
      outcome: string | null;
      /** A sale's value in minor units. */
      value: number | null;
      fields: Record<string, number | boolean | string | null>;
      customerName: string | null;
      notes: string | null;
      /** When it happened; null: when it arrived. */
      occurredAt: Date | null;
    };

export type InboundReading = { ok: true; record: InboundRecord } | { ok: false; refusal: InboundRefusal; reason: string };

/** The value at a dotted path (`data.owners.0.email`), or undefined where there is none. */
export function readPath(payload: unknown, path: string): unknown {
  let at: unknown = payload;
  for (const key of path.split('.')) {
    if (Array.isArray(at) && /^\d+$/.test(key)) at = at[Number(key)];
    else if (at !== null && typeof at === 'object' && !Array.isArray(at) && Object.hasOwn(at, key))
      at = (at as Record<string, unknown>)[key];
    else return undefined;
  }
  return at;
}

/** A value as the text a table of values or an id compares by: a string, a number or true/false; otherwise null. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
}

/** A number as senders write one: a JSON number or a numeric string ("12500.50"). */
function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** An instant: ISO 8601 text with a zone, or seconds (below 10^11) or milliseconds since 1970. */
function asInstant(value: unknown): Date | null {
  const n = typeof value === 'number' ? value : null;
  if (n !== null) {
    if (!Number.isFinite(n) || n <= 0) return null;
    return new Date(n < 1e11 ? n * 1000 : n);
  }
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

const missing = (what: string, path: string): InboundReading => ({
  ok: false,
  refusal: 'missing_value',
  reason: `The payload has no ${what} at ${path}.`,
});
const bad = (reason: string): InboundReading => ({ ok: false, refusal: 'bad_value', reason });

/** A value the mapping translates (a payload's kind or outcome into ours), or why not. */
function translate<T>(
  payload: unknown,
  rule: { value: T } | { path: string; values: Record<string, T> },
  what: string,
): { ok: true; value: T } | { ok: false; reading: InboundReading } {
  if ('value' in rule) return { ok: true, value: rule.value };
  const said = asText(readPath(payload, rule.path));
  if (said === null) return { ok: false, reading: missing(what, rule.path) };
  if (!Object.hasOwn(rule.values, said)) {
    return {
      ok: false,
      reading: {
        ok: false,
        refusal: what === 'kind' ? 'unknown_kind' : 'bad_value',
        reason: `The ${what} "${said}" at ${rule.path} is not mapped.`,
      },
    };
  }
  return { ok: true, value: rule.values[said]! };
}

export function readInboundPayload(payload: unknown, mapping: InboundMapping): InboundReading {
  const externalId = asText(readPath(payload, mapping.externalId.path));
  if (externalId === null) return missing('id', mapping.externalId.path);
  if (externalId.length > 200) return bad(`The id at ${mapping.externalId.path} is longer than 200 characters.`);

  if (mapping.deleted) {
    const said = asText(readPath(payload, mapping.deleted.path));
    if (said !== null && mapping.deleted.values.includes(said)) return { ok: true, record: { kind: 'deletion', externalId } };
  }

  const who = asText(readPath(payload, mapping.member.path));
  if (who === null) return missing(mapping.member.by === 'email' ? 'e-mail address' : 'member id', mapping.member.path);

  const logs = translate(payload, mapping.kind, 'kind');
  if (!logs.ok) return logs.reading;
  // No outcome in the payload (a sale, a meeting): none; one that is there must be mapped.
  let outcome: string | null = null;
  if (mapping.outcome && ('value' in mapping.outcome || asText(readPath(payload, mapping.outcome.path)) !== null)) {
    const read = translate(payload, mapping.outcome, 'outcome');
    if (!read.ok) return read.reading;
    outcome = read.value;
  }

  let value: number | null = null;
  if (mapping.value) {
    const raw = readPath(payload, mapping.value.path);
    if (raw !== undefined && raw !== null && raw !== '') {
      const n = asNumber(raw);
      if (n === null) return bad(`The value at ${mapping.value.path} is not a number.`);
      value = mapping.value.unit === 'minor' ? n : Math.round(n * 100);
    }
  }

  const fields: Record<string, number | boolean | string | null> = {};
  for (const [id, rule] of Object.entries(mapping.fields ?? {})) {
    const raw = readPath(payload, rule.path);
    if (raw === undefined || raw === null) continue;
    if (typeof raw === 'number' || typeof raw === 'boolean' || typeof raw === 'string') fields[id] = raw;
    else return bad(`The value at ${rule.path} for the field ${id} is not a number, text or true/false.`);
  }

  let occurredAt: Date | null = null;
  if (mapping.time) {
    const raw = readPath(payload, mapping.time.path);
    if (raw !== undefined && raw !== null) {
      occurredAt = asInstant(raw);
      if (occurredAt === null) return bad(`The time at ${mapping.time.path} is not an ISO 8601 time with its zone or a Unix time.`);
    }
  }

  return {
    ok: true,
    record: {
      kind: 'activity',
      externalId,
      member: { by: mapping.member.by, value: mapping.member.by === 'email' ? who.toLowerCase() : who },
      logs: logs.value,
      outcome,
      value,
      fields,
      customerName: mapping.customer ? asText(readPath(payload, mapping.customer.path)) : null,
      notes: mapping.notes ? asText(readPath(payload, mapping.notes.path)) : null,
      occurredAt,
    },
  };
}
