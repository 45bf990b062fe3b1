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

/**
 * SQLSTATEs of a database that is away: shutting down or starting up (57P01-57P03), the connection
 * failed or was cut (class 08), no connection slot left (53300).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
/** The network's own errors when the database cannot be reached. */
const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres's words for a connection it lost or could not open in time (they carry no code). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/;

/**
 * Whether an error says the database cannot be reached right now (a restart, a network cut) rather
 * than that the request was wrong: the caller gets a 503 with Retry-After, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATES.has(e.code) || UNAVAILABLE_NETWORK_CODES.has(e.code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** PostgreSQL's words in a disk-full error (SQLSTATE 53100) and the file system's (ENOSPC). */
const STORAGE_FULL_MESSAGE = /No space left on device/;

/**
 * Whether an error says the database's disk is full (SQLSTATE 53100, disk_full, on both engines;
 * ENOSPC from the file system around it): the caller gets a 507 saying so, not a 500.
 */
export function isStorageFull(error: unknown): boolean {
  for (const e of errorChain(error)) {
    if (e.code === '53100' || e.code === 'ENOSPC') return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && STORAGE_FULL_MESSAGE.test(message)) return true;
  }
  return false;
}
