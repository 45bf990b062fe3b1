import type { ApiTokenScope, Role } from '@core/contracts';
import type { TenantChange } from '../../realtime/hub';
import type { CompanyId, UserId } from '../../db/tenant';

export type SessionUser = {
  id: UserId;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  /** The saved interface language ('en' | 'nb' when valid), null when never chosen. */
  locale: string | null;
};

/** The membership a request acts under (what requireMember needs), or null: no active company. */
export type CachedMembership = { companyId: CompanyId; role: Role; timezone: string } | null;

/** A personal access token's own facts (decision 035); its membership is the entry's. */
export type CachedToken = { id: string; scopes: readonly ApiTokenScope[]; lastUsedAt: number | null };

export type CachedSession = {
  user: SessionUser;
  /** undefined until a route that needs it has looked it up. */
  membership: CachedMembership | undefined;
  /** When the session (or the token) itself ends: an entry never outlives it. */
  sessionExpiresAt: number;
  storedAt: number;
  /** Set on the entries of personal access tokens, keyed `token:<hash>` (never a cookie's key). */
  token?: CachedToken;
};

/**
 * How long an entry is trusted without hearing from the database. Changes are announced at once
 * (NOTIFY, below); this bounds the damage of one that was never heard, e.g. a LISTEN connection
 * lost between a sign-out and its notification (its restoration also clears everything).
 */
export const ACTOR_CACHE_TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

/**
 * Who a session cookie belongs to and what they are in their company, kept in this instance's
 * memory so a signed-in request costs no database round trip before its feature's own (see
 * decision 028). Keyed by the whole signed cookie value: an entry is only ever stored after
 * better-auth verified that exact value, so a forged or altered cookie never hits. Personal access
 * tokens live here too, keyed by `token:` and their hash, stored only after the database found
 * that hash (decision 035); they are forgotten with their person, and on their own deletion.
 *
 * Correctness rests on forgetting, not on the TTL: every change to who someone is (a session
 * deleted or changed, the account changed, a profile inserted, removed or re-roled, the company
 * changed) fires a NOTIFY that reaches every instance (migrations 0006, 0013) and lands in
 * `forget`. A lookup that raced with such a change is not stored (the generation check).
 */
export class ActorCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Bumped by every forget: a lookup that started before one may hold what it forgot. */
  private generation = 0;
  /**
   * The identity version this instance has heard (migration 0048, decision 096): every change to
   * who someone is, committed up to it, has been forgotten here. -1 until the server reads it at start.
   */
  private heardVersion = -1;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Marks the start of a lookup; pass it to `store`. */
  begin(): number {
    return this.generation;
  }

  get(key: string): CachedSession | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    const now = this.now();
    if (now - entry.storedAt > ACTOR_CACHE_TTL_MS || now >= entry.sessionExpiresAt) {
      this.delete(key);
      return null;
    }
    return entry;
  }

  /** Stores what a lookup found, unless something was forgotten since it began. */
  store(key: string, entry: Omit<CachedSession, 'storedAt'>, since: number): CachedSession {
    const stored = { ...entry, storedAt: this.now() };
    if (since !== this.generation) return stored;
    if (!this.entries.has(key) && this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, stored);
    let keys = this.keysByUser.get(entry.user.id);
    if (!keys) this.keysByUser.set(entry.user.id, (keys = new Set()));
    keys.add(key);
    return stored;
  }

  /** Adds the membership to a stored entry (looked up after the session, by the routes that need it). */
  storeMembership(key: string, membership: CachedMembership, since: number): void {
    if (since !== this.generation) return;
    const entry = this.entries.get(key);
    if (entry) entry.membership = membership;
  }

  forgetUser(userId: string): void {
    this.generation++;
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  forgetCompany(companyId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (entry.membership?.companyId === companyId) this.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.keysByUser.clear();
  }

  /**
   * Whether every change to who someone is, committed up to `version`, has been forgotten here:
   * then what this cache remembers is what the database says as of that version.
   */
  hasHeard(version: number): boolean {
    return version <= this.heardVersion;
  }

  /** Notes that everything up to `version` has been heard (its announcement, or the version read at start). */
  noteHeard(version: number): void {
    if (version > this.heardVersion) this.heardVersion = version;
  }

  /**
   * Forgets everything and notes `version` as heard: for when announcements were lost (the LISTEN
   * connection away). Whatever is remembered from now on was read after `version` committed.
   */
  clearUpTo(version: number): void {
    this.clear();
    this.noteHeard(version);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * What a database change means here. Profiles carry the person (a membership created, removed
   * or re-roled), session and user rows the account (sign-out, password reset, a changed name or
   * language, erasure), api_tokens a person's token (revoked), companies the company (its time zone).
   */
  forget(change: TenantChange): void {
    switch (change.table) {
      case 'profiles':
      case 'session':
      case 'user':
      case 'api_tokens':
        if (change.user_id) this.forgetUser(change.user_id);
        else this.clear();
        break;
      case 'companies':
        if (change.company_id) this.forgetCompany(change.company_id);
        break;
      // After the transaction's own announcements, so what it changed is already forgotten.
      case 'identity_version':
        this.noteHeard(Number(change.id));
        break;
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.user.id);
  }
}
