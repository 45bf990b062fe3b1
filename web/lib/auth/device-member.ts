import type { KpiRuleList, Me } from '@core/contracts';
import { DEVICE_MEMBER_KEY } from '@core/start-snapshot';
import { ApiRequestError } from '../api/errors';
import { forgetStartSnapshot } from '../start-snapshot';

/*
 * The last signed-in member and their company's log rules, kept on this device so the installed
 * app opens on quick log with no connection at all (decision 054). Read only when the server
 * cannot be reached; the server's answer always wins and replaces it.
 *
 * Why localStorage and not a query persister or IndexedDB: it is two small answers (a few KB),
 * read synchronously in the query functions that fetch them, with no dependency and no restore
 * step racing the first render; the queue's IndexedDB would need a schema upgrade for no gain.
 *
 * One member at a time: a different member's answer, a signed-out answer (null), a member without
 * a company and signing out all replace or remove it, so nothing of one person reaches another.
 */

// Read by the start screen's boot script too (core/start-snapshot.ts): its copy is only for this member.
const STORAGE_KEY = DEVICE_MEMBER_KEY;

type DeviceMember = { me: Me; rules?: KpiRuleList };

function read(): DeviceMember | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as DeviceMember) : null;
  } catch {
    return null; // storage unavailable (private mode) or an unreadable copy: as if none
  }
}

function write(value: DeviceMember): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Full or unavailable storage: the app still works online.
  }
}

/** The server could not be reached (offline, DNS, a dropped connection): not an answer. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 0;
}

/** The server's answer, kept on the device; with no connection at all, the kept copy if there is one (else the error). */
export async function readThroughDevice<T>(ask: () => Promise<T>, keep: (answer: T) => void, findKept: () => T | null): Promise<T> {
  try {
    const answer = await ask();
    keep(answer);
    return answer;
  } catch (error) {
    const kept = isUnreachable(error) ? findKept() : null;
    if (kept) return kept;
    throw error;
  }
}

/** Keeps the server's answer to /me: a member replaces the copy (their rules go with a different member); anything else removes it. */
export function keepMemberOnDevice(me: Me | null): void {
  if (!me?.onboarding.hasCompany) return forgetMemberOnDevice();
  const current = read();
  const same = current?.me.user.id === me.user.id;
  if (!same) forgetStartSnapshot();
  write({ me, rules: same ? current?.rules : undefined });
}

/** Keeps the company's rules with the member they were read for (none kept without a member). */
export function keepRulesOnDevice(rules: KpiRuleList): void {
  const current = read();
  if (current) write({ ...current, rules });
}

export function findMemberOnDevice(): Me | null {
  return read()?.me ?? null;
}

export function findRulesOnDevice(): KpiRuleList | null {
  return read()?.rules ?? null;
}

/** Signing out, or the server saying nobody is signed in: the device keeps nothing of the member. */
export function forgetMemberOnDevice(): void {
  forgetStartSnapshot();
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to remove.
  }
}
