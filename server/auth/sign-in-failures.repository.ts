import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** How failed sign-ins turn into delays; see server/auth/sign-in-limit.ts for the numbers and why. */
export type SignInDelayRule = {
  /** Failures that cost nothing. */
  freeFailures: number;
  /** The delay after the first failure past the free ones; each further failure doubles it. */
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  /** Failures older than this are forgotten: the next one counts as the first. */
  forgetAfterSeconds: number;
};

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown): T[] => (result as Rows<T>).rows;

/**
 * Counts an attempt on the account `email` as a failure before its password is checked, unless
 * the account is locked. One statement, so concurrent attempts on one account are counted exactly
 * and an attempt can never slip in between another's count and its lock: the row is locked by
 * the UPSERT, and the ON CONFLICT ... WHERE sees the newest lock. Returns null when the account is
 * locked (nothing counted), else the number of failures including this attempt.
 *
 * A right password clears the row afterwards (clearSignInFailures): counting first is what makes
 * a burst of parallel guesses meet the limit at once, instead of after all of them were checked.
 */
export async function countSignInAttempt(db: Database, input: { email: string; now: Date; rule: SignInDelayRule }): Promise<number | null> {
  const { email, now, rule } = input;
  const nowText = now.toISOString();
  const forgetBefore = new Date(now.getTime() - rule.forgetAfterSeconds * 1000).toISOString();
  // The count this attempt makes, written once per use (SET expressions all see the old row).
  const count = sql`(CASE WHEN sign_in_failures.last_failed_at <= ${forgetBefore}::timestamptz THEN 1 ELSE sign_in_failures.failures + 1 END)`;
  // The exponent is capped so that power() cannot overflow however many failures pile up.
  const lockedUntil = (failures: ReturnType<typeof sql>) => sql`CASE WHEN ${failures} > ${rule.freeFailures}
      THEN ${nowText}::timestamptz + make_interval(secs => LEAST(${rule.maxDelaySeconds}::float8,
        ${rule.firstDelaySeconds}::float8 * power(2::float8, LEAST(${failures} - ${rule.freeFailures} - 1, 30))))
      ELSE NULL END`;
  const result = await db.execute(sql`
    INSERT INTO sign_in_failures (email, failures, last_failed_at, locked_until)
    VALUES (${email}, 1, ${nowText}::timestamptz, ${lockedUntil(sql`1`)})
    ON CONFLICT (email) DO UPDATE SET
      failures = ${count},
      last_failed_at = ${nowText}::timestamptz,
      locked_until = ${lockedUntil(count)}
    WHERE sign_in_failures.locked_until IS NULL OR sign_in_failures.locked_until <= ${nowText}::timestamptz
    RETURNING failures`);
  const [row] = rowsOf<{ failures: number }>(result);
  return row ? Number(row.failures) : null;
}

/** When the account's lock ends, or null when it is not locked at `now`. */
export async function findSignInLock(db: Database, input: { email: string; now: Date }): Promise<Date | null> {
  const result = await db.execute(sql`
    SELECT locked_until FROM sign_in_failures
    WHERE email = ${input.email} AND locked_until > ${input.now.toISOString()}::timestamptz`);
  const [row] = rowsOf<{ locked_until: Date | string }>(result);
  return row ? new Date(row.locked_until) : null;
}

/**
 * A right password: the account starts again from zero. Rows nobody has failed on for a day are
 * swept out at the same time, so addresses that were only ever guessed do not pile up.
 */
export async function clearSignInFailures(db: Database, input: { email: string; now: Date; forgetAfterSeconds: number }): Promise<void> {
  const forgetBefore = new Date(input.now.getTime() - input.forgetAfterSeconds * 1000).toISOString();
  await db.execute(sql`
    DELETE FROM sign_in_failures
    WHERE email = ${input.email}
       OR (last_failed_at < ${forgetBefore}::timestamptz AND (locked_until IS NULL OR locked_until < ${input.now.toISOString()}::timestamptz))`);
}
