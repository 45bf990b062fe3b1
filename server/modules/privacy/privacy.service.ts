import {
  type AccountDeletionPlan,
  type DeleteAccount,
  formatPersonalDataFileName,
  normalizeRole,
  PERSONAL_DATA_FORMAT,
  PERSONAL_DATA_VERSION,
  type PersonalData,
  toLanguage,
} from '@core/contracts';
import { verifyPassword } from '../../auth/password';
import { type Actor, type AppDeps, memberScopeOf, type SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { HttpError, notFound } from '../../lib/http';
import { consumeRateLimit } from '../../lib/rate-limit';
import { findOperatorCompanyId } from '../companies/companies.service';
import { type ActiveMembershipFacts, type CompanyFate, eraseAccount, eraseMember, findActiveMembershipFacts } from './erasure.repository';
import {
  type ActivityCursor,
  type CompanyRecords,
  findAccount,
  findActivitiesPage,
  findCompanyRecords,
  findContactRequestsFrom,
  findMailTo,
  findMemberSnapshotAndRecordExport,
  findOwnMemberships,
  findPasswordHash,
  findSessions,
  type MembershipRecord,
} from './personal-data.repository';
import { type MemberScope, toUserId, type UserId } from '../../db/tenant';

/*
 * Personal data (decision 022): the person's download of everything held about them, an admin's
 * download of one member's data in their company, deleting one's own account, and an admin
 * erasing a member. Erasure keeps every number (activities and rollups stay) and removes the
 * person: boards then show a "Former member".
 */

/** Activities per page of a download: one short transaction each. */
export const EXPORT_PAGE_SIZE = 1000;

/** Wrong re-confirmations allowed per account per hour before DELETE /me answers 429. */
export const DELETE_ACCOUNT_ATTEMPTS_PER_HOUR = 10;

type Head = Omit<PersonalData, 'activities'>;
type ActivityRow = Awaited<ReturnType<typeof findActivitiesPage>>[number];

export type PersonalDataDownload = { fileName: string; body: ReadableStream<Uint8Array> };

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

function toMembership(row: MembershipRecord): Head['memberships'][number] {
  return {
    companyId: row.companyId,
    companyName: row.companyName,
    role: normalizeRole(row.role),
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    joinedAt: iso(row.joinedAt),
    removedAt: isoOrNull(row.removedAt),
    erasedAt: isoOrNull(row.erasedAt),
  };
}

/** Adds one company's records to the head's lists. */
function addCompanyRecords(head: Head, records: CompanyRecords): void {
  head.goals.push(...records.goals.map((g) => ({ ...g, updatedAt: iso(g.updatedAt) })));
  head.badges.push(...records.badges.map((b) => ({ ...b, earnedAt: iso(b.earnedAt) })));
  head.wrapups.push(...records.wrapups.map((w) => ({ ...w, createdAt: iso(w.createdAt), updatedAt: iso(w.updatedAt) })));
  head.wrapupComments.push(...records.wrapupComments.map((c) => ({ ...c, createdAt: iso(c.createdAt) })));
  head.reactions.push(...records.reactions.map((r) => ({ ...r, createdAt: iso(r.createdAt) })));
  head.invitations.created.push(
    ...records.invitationsCreated.map((i) => ({
      companyId: i.companyId,
      role: normalizeRole(i.role),
      createdAt: iso(i.createdAt),
      expiresAt: iso(i.expiresAt),
      usedAt: isoOrNull(i.usedAt),
    })),
  );
  head.invitations.used.push(
    ...records.invitationsUsed.map((i) => ({ companyId: i.companyId, role: normalizeRole(i.role), usedAt: isoOrNull(i.usedAt) })),
  );
  head.displayLinksCreated.push(
    ...records.displayLinksCreated.map((d) => ({
      ...d,
      createdAt: iso(d.createdAt),
      lastUsedAt: isoOrNull(d.lastUsedAt),
      revokedAt: isoOrNull(d.revokedAt),
    })),
  );
  head.apiTokens.push(
    ...records.apiTokens.map((a) => ({
      ...a,
      createdAt: iso(a.createdAt),
      expiresAt: isoOrNull(a.expiresAt),
      lastUsedAt: isoOrNull(a.lastUsedAt),
    })),
  );
  head.auditEvents.push(...records.auditEvents.map((a) => ({ ...a, createdAt: iso(a.createdAt) })));
}

function emptyHead(now: Date, scope: Head['scope'], company: Head['company'], account: Head['account']): Head {
  return {
    format: PERSONAL_DATA_FORMAT,
    version: PERSONAL_DATA_VERSION,
    exportedAt: iso(now),
    scope,
    company,
    account,
    memberships: [],
    goals: [],
    badges: [],
    wrapups: [],
    wrapupComments: [],
    reactions: [],
    sessions: [],
    mail: [],
    invitations: { created: [], used: [] },
    displayLinksCreated: [],
    apiTokens: [],
    auditEvents: [],
    contactRequests: [],
  };
}

function toActivity(row: ActivityRow): PersonalData['activities'][number] {
  // Carries its day's bonus as the API and the app say it: the call's flag, or any type's bonus points
  // (an own type's or a meeting's, decision 115, keep the flag for the call's rule only).
  return { ...row, dailyBonus: row.dailyBonus || row.bonusPoints > 0, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/**
 * The download as text chunks: everything small first, then the activities page by page, so a
 * rep with tens of thousands of them never sits in memory at once. Pages are read in separate
 * transactions: an activity logged during the download may or may not be in it.
 */
async function* generateDownload(db: Database, head: Head, sources: { scope: MemberScope; subjectId: UserId }[]): AsyncGenerator<string> {
  const text = JSON.stringify(head, null, 2);
  yield `${text.slice(0, text.lastIndexOf('}')).trimEnd()},\n  "activities": [`;
  let written = 0;
  for (const source of sources) {
    let after: ActivityCursor | null = null;
    for (;;) {
      const page = await findActivitiesPage(db, source.scope, { subjectId: source.subjectId, after, limit: EXPORT_PAGE_SIZE });
      if (page.length > 0) {
        yield page.map((row) => `${written++ === 0 ? '\n' : ',\n'}    ${JSON.stringify(toActivity(row))}`).join('');
      }
      if (page.length < EXPORT_PAGE_SIZE) break;
      const last = page.at(-1)!;
      after = { localDate: last.localDate, createdAt: last.createdAt, id: last.id };
    }
  }
  yield written === 0 ? ']\n}\n' : '\n  ]\n}\n';
}

function toByteStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        // The status line is gone already; the download ends unfinished (and fails to parse).
        console.error('[privacy] a personal-data download failed part way', error);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

const fileNameFor = (now: Date) => formatPersonalDataFileName(now.toISOString().slice(0, 10));

/** GET /me/data: everything held about the signed-in person, in every company they are or were in. */
export async function downloadPersonalData(deps: AppDeps, user: SessionUser): Promise<PersonalDataDownload> {
  const db = deps.database.db;
  const now = deps.now();
  const person = await findAccount(db, user.id);
  if (!person) throw notFound('No such account.');
  const head = emptyHead(now, 'person', null, {
    id: person.id,
    email: person.email,
    name: person.name,
    createdAt: iso(person.createdAt),
    language: toLanguage(person.locale),
    emailVerified: person.emailVerified,
  });
  const memberships = await findOwnMemberships(db, user.id);
  head.memberships = memberships.map(toMembership);
  for (const membership of memberships) {
    addCompanyRecords(head, await findCompanyRecords(db, { companyId: membership.companyId, userId: user.id }, user.id));
  }
  head.sessions = (await findSessions(db, user.id)).map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) }));
  head.mail = (await findMailTo(db, person.email)).map((m) => ({ ...m, createdAt: iso(m.createdAt), sentAt: isoOrNull(m.sentAt) }));
  head.contactRequests = (await findContactRequestsFrom(db, person.email)).map((r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    handledAt: isoOrNull(r.handledAt),
  }));
  const sources = memberships.map((m) => ({ scope: { companyId: m.companyId, userId: user.id }, subjectId: user.id }));
  return { fileName: fileNameFor(now), body: toByteStream(generateDownload(db, head, sources)) };
}

/**
 * GET /team/members/{userId}/data (admin): the same shape, limited to the admin's company (no
 * sign-ins, mail or contact requests: those belong to the person's account, not the company).
 * The export is written to the audit log before the first byte leaves.
 */
export async function downloadMemberData(deps: AppDeps, actor: Actor, memberId: string): Promise<PersonalDataDownload> {
  const db = deps.database.db;
  const now = deps.now();
  const scope = memberScopeOf(actor);
  const subjectId = toUserId(memberId);
  const snapshot = await findMemberSnapshotAndRecordExport(db, scope, { subjectId, now });
  if (!snapshot) throw notFound('No such member in your company.');
  const head = emptyHead(
    now,
    'company',
    { id: actor.companyId, name: snapshot.companyName },
    {
      id: snapshot.account.id,
      email: snapshot.account.email,
      name: snapshot.account.name,
      createdAt: iso(snapshot.account.createdAt),
      language: toLanguage(snapshot.account.locale),
      emailVerified: null,
    },
  );
  head.memberships = [toMembership(snapshot.membership)];
  addCompanyRecords(head, snapshot.records);
  return { fileName: fileNameFor(now), body: toByteStream(generateDownload(db, head, [{ scope, subjectId }])) };
}

/**
 * What deleting an account does to the company the person is active in: refused while they are
 * its only admin and others remain (make another admin first); with others, it goes on; alone,
 * a company of multi-company mode goes with them, while the installation's own company (the
 * single-company mode's company, or the operator's) stays, so the installation keeps working.
 */
function decideCompanyFate(facts: ActiveMembershipFacts, input: { multiTenant: boolean; operatorCompanyId: string | null }): CompanyFate {
  if (facts.activeMembers > 1) return facts.role === 'admin' && facts.activeAdmins <= 1 ? 'blocked' : 'keep';
  return input.multiTenant && facts.companyId !== input.operatorCompanyId ? 'delete' : 'keep';
}

async function loadFateInputs(deps: AppDeps) {
  return { multiTenant: deps.config.TENANCY === 'multi', operatorCompanyId: await findOperatorCompanyId(deps.database.db) };
}

/** GET /me/account-deletion: how to confirm, and what happens to the person's company. */
export async function getAccountDeletionPlan(deps: AppDeps, user: SessionUser): Promise<AccountDeletionPlan> {
  const db = deps.database.db;
  const hash = await findPasswordHash(db, user.id);
  const facts = await findActiveMembershipFacts(db, user.id);
  const fate = facts ? decideCompanyFate(facts, await loadFateInputs(deps)) : null;
  return {
    confirmWith: hash ? 'password' : 'email',
    company: facts ? { name: facts.companyName, outcome: fate === 'delete' ? 'deleted' : 'kept' } : null,
    blockedBy: fate === 'blocked' ? 'last_admin' : null,
  };
}

/** The re-confirmation: the current password, or for an account without one, its e-mail address. */
async function confirmIdentity(deps: AppDeps, user: SessionUser, input: DeleteAccount): Promise<void> {
  const hash = await findPasswordHash(deps.database.db, user.id);
  if (hash) {
    const message = 'That is not your current password.';
    if (input.password === undefined)
      throw new HttpError(400, 'invalid_input', 'Enter your current password.', { password: 'Enter your current password.' });
    if (!(await verifyPassword({ hash, password: input.password })))
      throw new HttpError(400, 'wrong_password', message, { password: message });
    return;
  }
  const message = 'Type the e-mail address you sign in with.';
  if (input.email?.toLowerCase() !== user.email.toLowerCase()) throw new HttpError(400, 'email_mismatch', message, { email: message });
}

/**
 * DELETE /me: re-confirmed, then erased in one transaction (decision 022). Sessions are deleted
 * with the account, so the person is signed out everywhere at once.
 */
export async function deleteAccount(deps: AppDeps, user: SessionUser, input: DeleteAccount): Promise<void> {
  const db = deps.database.db;
  const allowed = await consumeRateLimit(db, {
    key: `delete-account:${user.id}`,
    max: DELETE_ACCOUNT_ATTEMPTS_PER_HOUR,
    windowSeconds: 3600,
    now: deps.now(),
  });
  if (!allowed) throw new HttpError(429, 'rate_limited', 'Too many attempts. Please wait a while and try again.');
  await confirmIdentity(deps, user, input);
  const fateInputs = await loadFateInputs(deps);
  const outcome = await eraseAccount(db, { userId: user.id, now: deps.now(), decide: (facts) => decideCompanyFate(facts, fateInputs) });
  if (outcome.kind === 'last_admin') {
    throw new HttpError(
      409,
      'last_admin',
      `You are the only admin of ${outcome.companyName}, which has other members. Make another member admin first, then delete your account.`,
    );
  }
}

/** DELETE /team/members/{userId}/data (admin): erases the member's personal data in this company and removes them. */
export async function eraseMemberData(deps: AppDeps, actor: Actor, memberId: string): Promise<void> {
  const subjectId = toUserId(memberId);
  const outcome = await eraseMember(deps.database.db, memberScopeOf(actor), { subjectId, now: deps.now() });
  if (outcome.kind === 'not_found') throw notFound('No such member in your company.');
  if (outcome.kind === 'last_admin') {
    const who = subjectId === actor.userId ? 'You are' : `${outcome.name} is`;
    throw new HttpError(409, 'last_admin', `${who} the company's only admin and cannot be erased. Make another member admin first.`);
  }
}
