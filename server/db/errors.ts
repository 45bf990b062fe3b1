/**
 * Reading database errors the same way on both engines: pg and PGlite put PostgreSQL's SQLSTATE
 * and constraint name on the error, and drizzle wraps it as `cause`.
 */
type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown };

function* errorChain(error: unknown): Generator<DriverError> {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as DriverError).cause, depth++) {
    yield e as DriverError;
  }
}

/** The SQLSTATE of a database error (for example 23505), or null for any other error. */
export function findSqlState(error: unknown): string | null {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return null;
}

/** A unique violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of errorChain(error)) {
    if (e.code !== '23505') continue;
    return (
      constraint === undefined || e.constraint === constraint || (e as { message?: string }).message?.includes(`"${constraint}"`) === true
    );
  }
  return false;
}
