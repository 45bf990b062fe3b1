import { type DigestPreview, type DigestPreviewSent, normalizeRole, TargetMetricSchema } from '@core/contracts';
import {
  buildWeeklyDigest,
  computeDigestReadFrom,
  DIGEST_LOCAL_HOUR,
  type DigestCompanyWeek,
  type DigestKpis,
  type DigestTargetKpis,
  type DigestTargetRow,
  type DigestTeamTargetRow,
  hasActivityInWeek,
  type WeeklyDigest,
  type WrapupCount,
} from '@core/digest';
import { computeNameFromEmail } from '@core/people';
import type { Manager } from '@core/teams';
import { addDays, computeLocalDate, computeLocalInstant, type LocalDate, startOfWeek } from '@core/period';
import type { Actor, AppDeps } from '../../context';
import { notFound } from '../../lib/http';
import type { Database, Transaction } from '../../db/client';
import { type CompanyId, toUserId, type UserId, withTenant } from '../../db/tenant';
import { renderDigestMail } from '../../mail/digest-mail';
import type { Mail, Mailer } from '../../mail/mailer';
import { chooseMailLanguage, type MailLanguage } from '../../mail/templates';
import { loadWorkingCalendar } from '../calendar/calendar.service';
import { selectCompany } from '../companies/companies.service';
import {
  type DigestMembership,
  findDigestSubscription,
  selectDigestMemberships,
  updateDigestOptOut,
} from '../companies/memberships.service';
import { countUnreadWrapupsOf } from '../coaching/coaching.service';
import { selectDailyStats } from '../daily-stats/daily-stats.service';
import { selectKpisByIdIn, selectMemberKpiFactsForIn, selectMemberKpiFactsIn } from '../kpis/kpis.service';
import { selectTargetsIn, type TargetRow } from '../targets/targets.service';
import { selectTeamLeadsIn, selectTeamsWithMemberIds } from '../teams/teams.service';
import { signDigestToken, verifyDigestToken } from './digest-token';
import { claimDigestWeek, finishDigestWeek } from './digest.repository';

/*
 * The weekly digest (decision 047): which companies are due is the scheduler's (digest.scheduler.ts);
 * here, one company's week is read in one snapshot, each person's digest built by core, written in
 * their language and sent through the mailer, once per person and week.
 */

/** A claimed week is this instance's for this long; one that stopped mid-run is taken over after it. */
export const DIGEST_LEASE_MS = 15 * 60 * 1000;

/** One company's week as the digests read it, with the people who may receive one. */
export type DigestCompanyData = {
  companyId: CompanyId;
  week: DigestCompanyWeek;
  currency: string;
  /** The company's language (decision 079): a reader who chose none gets their digest in it. */
  language: string | null;
  memberships: DigestMembership[];
  leads: { teamId: string; userId: string }[];
};

/**
 * The wrap-ups of a lead's (or an admin's) people for the week's days that the reader has not read
 * on the Coaching screen (decision 045's rule), counted as the reader sees them.
 */
export async function countUnreadWrapups(
  tx: Transaction,
  input: { companyId: CompanyId; readerId: UserId; authorIds: UserId[]; from: LocalDate; to: LocalDate },
): Promise<WrapupCount> {
  return { count: await countUnreadWrapupsOf(tx, input.companyId, input), unread: true };
}

/**
 * The company's person and team targets as core reads them, a KPI's (decision 104) with its KPI's
 * id; a row of an unknown metric or period is left out.
 */
function toDigestTargets(rows: TargetRow[]): Pick<DigestCompanyWeek, 'targets' | 'teamTargets'> {
  const targets: DigestTargetRow[] = [];
  const teamTargets: DigestTeamTargetRow[] = [];
  for (const row of rows) {
    const metric = row.metric === 'kpi' ? ('kpi' as const) : TargetMetricSchema.safeParse(row.metric).data;
    if (!metric || !['day', 'week', 'month'].includes(row.period)) continue;
    const target = {
      metric,
      ...(metric === 'kpi' ? { kpiId: row.kpiId } : {}),
      period: row.period as DigestTargetRow['period'],
      value: row.value,
      effectiveFrom: row.effectiveFrom,
      endsOn: row.endsOn,
    };
    if (row.subjectKind === 'person' && row.userId !== null) targets.push({ ...target, userId: row.userId });
    if (row.subjectKind === 'team' && row.teamId !== null) teamTargets.push({ ...target, teamId: row.teamId });
  }
  return { targets, teamTargets };
}

/** The name a digest shows for a member: their display name, else one read from their address (as a membership's is). */
const nameOf = (m: Pick<DigestMembership, 'displayName' | 'email'>) => m.displayName?.trim() || computeNameFromEmail(m.email) || m.email;

/** Transaction step: the company's week, under its scope (the scheduler's transaction, or a test's). */
async function selectDigestCompanyData(tx: Transaction, companyId: CompanyId, weekStart: LocalDate): Promise<DigestCompanyData | null> {
  const company = await selectCompany(tx, companyId);
  if (!company) return null;
  const sunday = addDays(weekStart, 6);
  const memberships = await selectDigestMemberships(tx, companyId);
  const teams = await selectTeamsWithMemberIds(tx, companyId);
  const targets = toDigestTargets(await selectTargetsIn(tx, companyId));
  const week: DigestCompanyWeek = {
    weekStart,
    timeZone: company.timezone,
    calendar: await loadWorkingCalendar(tx, companyId),
    members: memberships.map((m) => ({ userId: m.userId, name: nameOf(m), teamId: m.teamId, isActive: m.isActive, onBoards: m.onBoards })),
    teams: teams.map((team) => ({ id: team.id, name: team.name })),
    // Every member's rollup rows, under the names of the digest's metrics (the targets').
    days: await selectDailyStats(tx, { companyId, from: computeDigestReadFrom(weekStart), to: sunday }),
    ...targets,
    kpis: await selectDigestKpis(tx, companyId, weekStart),
    targetKpis: await selectDigestTargetKpis(tx, companyId, targets, { from: computeDigestReadFrom(weekStart), to: sunday }),
  };
  return {
    companyId,
    week,
    currency: company.currency,
    language: company.language,
    memberships,
    leads: await selectTeamLeadsIn(tx, companyId),
  };
}

/** The company's own KPIs (decision 101) with each member's facts of the week and of the week before. */
async function selectDigestKpis(tx: Transaction, companyId: CompanyId, weekStart: LocalDate): Promise<DigestKpis> {
  const { own, formulas, facts } = await selectMemberKpiFactsIn(tx, companyId, [
    { from: weekStart, to: addDays(weekStart, 6) },
    { from: addDays(weekStart, -7), to: addDays(weekStart, -1) },
  ]);
  return {
    kpis: own.map(({ id, names, format, decimals, lowerIsBetter }) => ({ id, names, format, decimals, lowerIsBetter })),
    formulas,
    week: facts[0] ?? [],
    before: facts[1] ?? [],
  };
}

/**
 * The KPIs the company's targets measure (decision 104), with each member's facts day by day over
 * the days the digest reads (the week's and the month's targets); none read when no target is on a KPI.
 */
async function selectDigestTargetKpis(
  tx: Transaction,
  companyId: CompanyId,
  targets: Pick<DigestCompanyWeek, 'targets' | 'teamTargets'>,
  days: { from: LocalDate; to: LocalDate },
): Promise<DigestTargetKpis | undefined> {
  const ids = new Set([...targets.targets, ...targets.teamTargets].flatMap((row) => (row.kpiId ? [row.kpiId] : [])));
  if (ids.size === 0) return undefined;
  const { kpis, formulas } = await selectKpisByIdIn(tx, companyId);
  const measured = [...ids].flatMap((id) => {
    const kpi = kpis.get(id);
    return kpi ? [{ id: kpi.id, names: kpi.names, format: kpi.format, decimals: kpi.decimals }] : [];
  });
  if (measured.length === 0) return undefined;
  const facts = await selectMemberKpiFactsForIn(tx, companyId, formulas, { ...days, byDay: true, userIds: null });
  return { kpis: measured, formulas, facts };
}

/** The reader as a manager: their role and the teams they lead (decision 040). */
function toManager(data: DigestCompanyData, membership: DigestMembership): Manager {
  return {
    userId: membership.userId,
    role: normalizeRole(membership.role),
    ledTeamIds: data.leads.filter((lead) => lead.userId === membership.userId).map((lead) => lead.teamId),
  };
}

/** One person's digest of the week (null when it would be empty), with the wrap-ups a manager reads. */
async function buildDigestFor(tx: Transaction, data: DigestCompanyData, membership: DigestMembership): Promise<WeeklyDigest | null> {
  const reader = toManager(data, membership);
  const managesOthers = reader.role === 'admin' || reader.ledTeamIds.length > 0;
  let wrapups: WrapupCount = { count: 0, unread: false };
  if (managesOthers) {
    const authorIds = data.week.members
      .filter((m) => m.isActive && m.userId !== reader.userId)
      .filter((m) => reader.role === 'admin' || (m.teamId !== null && reader.ledTeamIds.includes(m.teamId)))
      .map((m) => toUserId(m.userId));
    wrapups = await countUnreadWrapups(tx, {
      companyId: data.companyId,
      readerId: toUserId(reader.userId),
      authorIds,
      from: data.week.weekStart,
      to: addDays(data.week.weekStart, 6),
    });
  }
  return buildWeeklyDigest(data.week, reader, wrapups);
}

/** A digest ready to send: to whom, in which language, with what. */
export type PreparedDigest = { membership: DigestMembership; language: MailLanguage; digest: WeeklyDigest };

/**
 * Every digest the company's week gives, in one snapshot of its rows: none at all when nobody in
 * the company logged anything that week (a holiday week sends no mail of zeros); none for members
 * who turned it off, were removed or erased; none that would be empty.
 */
export async function prepareCompanyDigests(
  db: Database,
  companyId: CompanyId,
  weekStart: LocalDate,
): Promise<{ currency: string; digests: PreparedDigest[] }> {
  return withTenant(
    db,
    { companyId, userId: null },
    async (tx) => {
      const data = await selectDigestCompanyData(tx, companyId, weekStart);
      if (!data || !hasActivityInWeek(data.week)) return { currency: data?.currency ?? 'NOK', digests: [] };
      const digests: PreparedDigest[] = [];
      for (const membership of data.memberships) {
        if (!membership.isActive || membership.digestOptOut) continue;
        const digest = await buildDigestFor(tx, data, membership);
        if (digest) digests.push({ membership, language: chooseMailLanguage(membership.locale ?? data.language, undefined), digest });
      }
      return { currency: data.currency, digests };
    },
    { snapshot: true },
  );
}

/** Where a person's one-click unsubscribe link goes (the same URL takes the RFC 8058 POST). */
export function buildDigestUnsubscribeUrl(publicUrl: string, secret: string, who: { companyId: string; userId: string }): string {
  return `${publicUrl}/unsubscribe/digest?token=${signDigestToken(secret, who)}`;
}

export type DigestSendOptions = { db: Database; mailer: Mailer; brand: string; publicUrl: string; secret: string };

/**
 * Sends the company's digests of the week if this instance claims the week: the claim (one per
 * company and week) keeps a second instance from building them again, and each mail's key in the
 * outbox (one per company, week and person) keeps anyone from sending a person's twice, even an
 * instance that takes over a run another left half done. Returns how many mails went out.
 */
export async function sendCompanyDigests(
  options: DigestSendOptions,
  input: { companyId: CompanyId; weekStart: LocalDate; now: Date },
): Promise<number> {
  const claimed = await claimDigestWeek(options.db, {
    companyId: input.companyId,
    weekStart: input.weekStart,
    now: input.now,
    leaseUntil: new Date(input.now.getTime() + DIGEST_LEASE_MS),
  });
  if (!claimed) return 0;
  const { currency, digests } = await prepareCompanyDigests(options.db, input.companyId, input.weekStart);
  let sent = 0;
  for (const { membership, language, digest } of digests) {
    const mail = renderDigestMail({
      brand: options.brand,
      to: membership.email,
      name: nameOf(membership),
      language,
      currency,
      digest,
      appUrl: `${options.publicUrl}/app`,
      unsubscribeUrl: buildDigestUnsubscribeUrl(options.publicUrl, options.secret, {
        companyId: input.companyId,
        userId: membership.userId,
      }),
    });
    const outcome = await options.mailer
      .send({ ...mail, dedupeKey: `digest:${input.companyId}:${input.weekStart}:${membership.userId}` })
      .catch((error) => {
        console.error('[digest] a digest mail failed', error);
        return 'failed' as const;
      });
    if (outcome === 'sent') sent += 1;
  }
  await finishDigestWeek(options.db, { companyId: input.companyId, weekStart: input.weekStart, recipients: sent, now: new Date() });
  return sent;
}

// ---- the one-click unsubscribe (no session: the signed link says who) --------------------------------

export type DigestSubscriptionState = { kind: 'invalid' } | { kind: 'gone' } | { kind: 'ok'; optedOut: boolean; locale: string | null };

/** What the link's page shows: whether its person gets the digest (and their saved language). */
export async function getDigestSubscription(deps: AppDeps, token: string | undefined): Promise<DigestSubscriptionState> {
  const who = verifyDigestToken(deps.signingSecret, token);
  if (!who) return { kind: 'invalid' };
  const found = await findDigestSubscription(deps.database.db, who);
  if (!found) return { kind: 'gone' };
  return { kind: 'ok', optedOut: found.optedOut, locale: found.locale };
}

/** Turns the link's person's digest off (the one-click POST and the page's button) or on again. */
export async function changeDigestSubscription(
  deps: AppDeps,
  token: string | undefined,
  optedOut: boolean,
): Promise<DigestSubscriptionState> {
  const who = verifyDigestToken(deps.signingSecret, token);
  if (!who) return { kind: 'invalid' };
  if (!(await updateDigestOptOut(deps.database.db, who, { optedOut, now: deps.now() }))) return { kind: 'gone' };
  return getDigestSubscription(deps, token);
}

// ---- an admin's preview (decision 088) ----------------------------------------------------------------

/**
 * This week's digest as the reader's mail will show it next Monday, so far: their own digest (an
 * admin's: their numbers and the company's week), built from the same snapshot and template the
 * scheduler uses, whether or not they get the mail. The unsubscribe link is the reader's real one.
 */
async function renderDigestPreview(deps: AppDeps, actor: Actor): Promise<{ preview: DigestPreview; mail: Mail; language: MailLanguage }> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  const weekStart = startOfWeek(today);
  const built = await withTenant(
    deps.database.db,
    { companyId: actor.companyId, userId: null },
    async (tx) => {
      const data = await selectDigestCompanyData(tx, actor.companyId, weekStart);
      const membership = data?.memberships.find((m) => m.userId === actor.userId);
      if (!data || !membership) return null;
      // The week so far is paced as the app paces it now, not as if it had ended (decision 088).
      data.week.paceAt = deps.now();
      return { data, membership, digest: await buildDigestFor(tx, data, membership) };
    },
    { snapshot: true },
  );
  if (!built) throw notFound('You are not a member of this company.');
  const { data, membership, digest } = built;
  const empty: WeeklyDigest = { weekStart, weekEnd: addDays(weekStart, 6), own: null, team: null };
  const language = chooseMailLanguage(membership.locale ?? data.language, undefined);
  const mail = renderDigestMail({
    brand: deps.config.BRAND_NAME,
    to: membership.email,
    name: nameOf(membership),
    language,
    currency: data.currency,
    digest: digest ?? empty,
    preview: true,
    appUrl: `${deps.config.publicUrl}/app`,
    unsubscribeUrl: buildDigestUnsubscribeUrl(deps.config.publicUrl, deps.signingSecret, {
      companyId: actor.companyId,
      userId: actor.userId,
    }),
  });
  const nextMonday = addDays(weekStart, 7);
  return {
    mail,
    language,
    preview: {
      weekStart,
      weekEnd: addDays(weekStart, 6),
      sendsAt: computeLocalInstant(nextMonday, `${String(DIGEST_LOCAL_HOUR).padStart(2, '0')}:00`, actor.timezone).toISOString(),
      subject: mail.subject,
      html: mail.html ?? '',
      isEmpty: digest === null,
    },
  };
}

/** GET /digest/preview (admins): this week's digest, so far, as the mail shows it. */
export async function previewDigest(deps: AppDeps, actor: Actor): Promise<DigestPreview> {
  return (await renderDigestPreview(deps, actor)).preview;
}

/**
 * POST /digest/preview/send (admins): the preview, mailed to the admin themself, marked as a
 * preview in its subject; the mailer's per-recipient hourly limit applies as to any mail.
 */
export async function sendDigestPreview(deps: AppDeps, actor: Actor): Promise<DigestPreviewSent> {
  const { mail, language } = await renderDigestPreview(deps, actor);
  await deps.mailer.send({ ...mail, subject: `[${PREVIEW_WORD[language]}] ${mail.subject}` });
  return { sentTo: mail.to };
}

/** The mark on a preview's subject, in the mail's language. */
const PREVIEW_WORD: Record<MailLanguage, string> = { en: 'Preview', nb: 'Forhåndsvisning', sv: 'Förhandsvisning', da: 'Forhåndsvisning' };
