import {
  CHAT_KPIS_MAX,
  type ChatContest,
  type ChatDailySummary,
  type ChatGoal,
  type ChatMessage,
  chooseChatMessageKind,
  computeNextDailySummary,
} from '@core/chat';
import {
  CHAT_INTEGRATIONS_PER_COMPANY,
  type ChatChoices,
  ChatChoicesSchema,
  type ChatIntegration,
  type ChatIntegrationInput,
  ChatIntegrationInputSchema,
  type ChatPlatform,
  chatUrlMessage,
  hintChatUrl,
  isChatWebhookUrl,
  LanguageSchema,
  type UpdateChatIntegration,
} from '@core/contracts';
import { evaluateKpis } from '@core/kpi-formulas';
import type { MinorUnits } from '@core/money';
import { computeLocalDate, type LocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Database, Transaction } from '../../db/client';
import { selectActivityTypesIn } from '../activity-types/activity-types.service';
import { type CompanyId, withTenant } from '../../db/tenant';
import { isLoopbackHostname } from '../../lib/loopback';
import { badRequest, HttpError, notFound } from '../../lib/http';
import { selectMemberKpiFactsIn } from '../kpis/kpis.service';
import { computeLeaderboardRows, computeMemberStats } from '../scoreboard/scoreboard.service';
import {
  type ChatEndpointRow,
  type ChatEndpointWithLast,
  claimDueChatSummaries,
  deleteChatEndpoint,
  findChatEndpoints,
  insertChatDeliveries,
  insertChatEndpoint,
  insertChatTestDelivery,
  selectEnabledChatEndpoints,
  type StoredChatPost,
  updateChatEndpoint,
} from '../webhooks/chat-endpoints.service';
import { type CompanyDay, findCompanyDay, selectChatNames, selectCompanyDay } from './chat.repository';

/*
 * Chat integrations (decision 038): Slack and Teams channels an admin connects, the messages their
 * events and daily summaries queue on the webhooks outbox, and the body each post is written as at
 * send time. The words and formats are core's (core/chat); sending, retries and disabling are the
 * webhooks worker's.
 */

/** The daily summary's input for the builders, and the currency its money is in. */
export type ChatDaySummary = { message: ChatDailySummary; currency: string };

/**
 * One local day of a company, as the daily summary tells it: the top three active members by
 * points (the scoreboard's ranking: points, then calls, then meetings, then name), the team's
 * totals (every member's activity that day, as the scoreboard's team totals), and the active
 * members who logged nothing at all that day, by name. Members left off the boards (decision
 * 081) are neither ranked nor named as idle; their activity counts in the totals.
 */
export async function summarizeDayForChat(db: Database, companyId: CompanyId, date: LocalDate): Promise<ChatDaySummary> {
  const day = await findCompanyDay(db, companyId, date);
  if (day.currency === null) throw notFound('No such company.');
  const kpis = await summarizeDayKpis(db, companyId, date);
  return { message: { ...computeDaySummary(day, date), ...(kpis.length > 0 ? { kpis } : {}) }, currency: day.currency };
}

/** The company's own KPIs that day (decision 101), everyone's together, as the KPI board's total reads them. */
async function summarizeDayKpis(db: Database, companyId: CompanyId, date: LocalDate): Promise<NonNullable<ChatDailySummary['kpis']>> {
  const { own, formulas, facts } = await withTenant(db, { companyId, userId: null }, (tx) =>
    selectMemberKpiFactsIn(tx, companyId, [{ from: date, to: date }]),
  );
  const shown = own.slice(0, CHAT_KPIS_MAX);
  const values = evaluateKpis(
    formulas,
    facts[0] ?? [],
    shown.map((kpi) => kpi.id),
  );
  return shown.map((kpi) => ({ names: kpi.names, format: kpi.format, decimals: kpi.decimals, value: values.get(kpi.id) ?? null }));
}

function computeDaySummary({ members, rows }: CompanyDay, date: LocalDate): ChatDailySummary {
  const stats = computeMemberStats(
    members.filter((member) => member.onBoards),
    rows,
  );
  const top = computeLeaderboardRows(stats, 'points', null)
    .filter((row) => row.points > 0)
    .slice(0, 3)
    .map((row) => ({ name: row.displayName, points: row.points }));
  const sum = (metric: 'calls' | 'meetings_booked' | 'sales' | 'sales_value' | 'points') =>
    rows.reduce((total, row) => total + row[metric], 0);
  const idle = stats
    .filter((row) => row.activities === 0)
    .sort(compareNames)
    .map((row) => row.displayName);
  return {
    kind: 'daily_summary',
    date,
    top,
    totals: {
      calls: sum('calls'),
      meetings: sum('meetings_booked'),
      sales: sum('sales'),
      revenue: sum('sales_value') as MinorUnits,
      points: sum('points'),
    },
    idle,
  };
}

const collator = new Intl.Collator('nb', { sensitivity: 'base' });

/** By name as a Norwegian reads a list (Æ, Ø, Å last), unnamed members last, then by id. */
function compareNames(a: { displayName: string | null; userId: string }, b: { displayName: string | null; userId: string }): number {
  if (a.displayName !== b.displayName) {
    if (a.displayName === null) return 1;
    if (b.displayName === null) return -1;
    const byName = collator.compare(a.displayName, b.displayName);
    if (byName !== 0) return byName;
  }
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

// ---- the posts: queued with the change, written at send time --------------------------------------

/** An event as recordWebhookEvents gets it (the webhooks' own type, kept loose to avoid a cycle). */
type RecordedEvent = { type: string; data: unknown };

type SaleData = {
  userId: string;
  ticketSize: number | null;
  customerName: string | null;
  productName: string | null;
  pointsEarned: number;
};
type GoalData = { userId: string; goal: ChatGoal | 'type'; typeId?: string; target: number };

/**
 * Transaction step, called by recordWebhookEvents in the change's own transaction: one post per
 * event and enabled chat endpoint whose choices want it (a sale, a goal reached), with the names
 * as they are now. The endpoints come with the webhooks' own insert (one statement); nothing more
 * is read when none wants any of the events.
 */
export async function recordChatEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: RecordedEvent[],
  occurredAt: Date,
  chatEndpoints: { id: string; choices: unknown }[],
): Promise<void> {
  const endpoints = chatEndpoints.flatMap((endpoint) => {
    const choices = ChatChoicesSchema.safeParse(endpoint.choices);
    return choices.success ? [{ id: endpoint.id, choices: choices.data }] : [];
  });
  const wanted = events.flatMap((event) =>
    endpoints.filter((endpoint) => chooseChatMessageKind(event.type, endpoint.choices) !== null).map((endpoint) => ({ event, endpoint })),
  );
  if (wanted.length === 0) return;
  const { currency, names } = await selectChatNames(tx, companyId);
  if (currency === null) return;
  const nameOf = (userId: string) => names.get(userId) ?? null;
  // A goal on an own type (decision 106) is named by its type: read only when one is posted.
  const onType = wanted.some(({ event }) => event.type === 'goal.reached' && (event.data as GoalData).goal === 'type');
  const types = onType ? new Map((await selectActivityTypesIn(tx, companyId)).map((type) => [type.id, type.names])) : new Map();
  const messageOf = (event: RecordedEvent): ChatMessage => {
    if (event.type === 'sale.created') {
      const sale = event.data as SaleData;
      return {
        kind: 'sale',
        rep: nameOf(sale.userId),
        value: (sale.ticketSize ?? 0) as MinorUnits,
        customer: sale.customerName,
        product: sale.productName,
        points: sale.pointsEarned,
      };
    }
    const goal = event.data as GoalData;
    // Raised by the activity that reached the goal: the day's count is the goal then.
    return {
      kind: 'goal_reached',
      member: nameOf(goal.userId),
      goal: goal.goal,
      ...(goal.goal === 'type' ? { typeNames: (goal.typeId && types.get(goal.typeId)) || null } : {}),
      value: goal.target,
      target: goal.target,
    };
  };
  await insertChatDeliveries(
    tx,
    companyId,
    wanted.map(({ event, endpoint }) => ({
      endpointId: endpoint.id,
      eventType: event.type,
      body: JSON.stringify({ message: messageOf(event), currency } satisfies StoredChatPost),
    })),
    occurredAt,
  );
}

/** A contest announcement as its module tells it: ids, resolved to names here. */
export type ContestChatPost = Omit<ChatContest, 'kind' | 'leaders'> & { leaders: { name: string | null; score: number }[] };

/**
 * Transaction step (contests, decision 049): one post per announcement and enabled Slack or Teams
 * endpoint that wants the floor's wins (its "goals" choice), queued on the webhooks outbox with the
 * change that made it. Nothing is read past the endpoints when none wants it.
 */
export async function recordContestChatPosts(
  tx: Transaction,
  companyId: CompanyId,
  posts: readonly ContestChatPost[],
  occurredAt: Date,
): Promise<number> {
  if (posts.length === 0) return 0;
  const endpoints = (await selectEnabledChatEndpoints(tx, companyId)).filter((endpoint) => {
    const choices = ChatChoicesSchema.safeParse(endpoint.choices);
    return choices.success && chooseChatMessageKind('contest.announced', choices.data) !== null;
  });
  if (endpoints.length === 0) return 0;
  const { currency } = await selectChatNames(tx, companyId);
  if (currency === null) return 0;
  return insertChatDeliveries(
    tx,
    companyId,
    endpoints.flatMap((endpoint) =>
      posts.map((post) => ({
        endpointId: endpoint.id,
        eventType: `contest.${post.event}`,
        body: JSON.stringify({ message: { kind: 'contest', ...post }, currency } satisfies StoredChatPost),
      })),
    ),
    occurredAt,
  );
}

/** A summary found due this much after its time is still posted; later (the server was down) it is skipped. */
const SUMMARY_LATE_LIMIT_MS = 6 * 60 * 60 * 1000;
/** Endpoints the poller claims per round. */
const SUMMARY_CLAIM_BATCH = 20;

/**
 * The daily summary's round, run by the delivery worker before it sends: each chat endpoint whose
 * summary is due gets one post with the day's numbers (claimed by one instance, at most one per
 * endpoint and day), and its next due time. Returns how many posts were queued, and when the next
 * summary of any channel is due (null: none is scheduled).
 */
export async function enqueueDueChatSummaries(db: Database, now: Date): Promise<{ queued: number; nextDueAt: Date | null }> {
  return claimDueChatSummaries(db, { now, limit: SUMMARY_CLAIM_BATCH }, async (tx, due) => {
    const choices = ChatChoicesSchema.safeParse(due.chatChoices);
    if (!choices.success || !choices.data.dailySummary.enabled) return { body: null, next: null };
    const day = await selectCompanyDay(tx, due.companyId, due.nextSummaryDate);
    if (day.currency === null || day.timezone === null) return { body: null, next: null };
    const next = computeNextDailySummary(now, choices.data.dailySummary.localTime, day.timezone);
    if (now.getTime() - due.nextSummaryAt.getTime() > SUMMARY_LATE_LIMIT_MS) return { body: null, next };
    const post: StoredChatPost = { message: computeDaySummary(day, due.nextSummaryDate as LocalDate), currency: day.currency };
    return { body: JSON.stringify(post), next };
  });
}

// ---- the admin's integrations ---------------------------------------------------------------------

const integrationNotFound = () => notFound('No such chat integration in your company.');

function toChatIntegration(row: ChatEndpointRow, last: ChatEndpointWithLast['last'] = null): ChatIntegration {
  return {
    id: row.id,
    platform: row.kind as ChatPlatform,
    urlHint: hintChatUrl(row.url),
    language: LanguageSchema.catch('en').parse(row.chatLanguage),
    choices: ChatChoicesSchema.catch({ sales: false, goals: false, dailySummary: { enabled: false, localTime: '16:00' } }).parse(
      row.chatChoices,
    ),
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
    nextSummaryAt: row.nextSummaryAt?.toISOString() ?? null,
    lastDelivery: last
      ? {
          eventType: last.eventType,
          status: last.status as NonNullable<ChatIntegration['lastDelivery']>['status'],
          attempts: last.attempts,
          responseStatus: last.responseStatus,
          responseExcerpt: last.responseExcerpt,
          at: last.at.toISOString(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The platform's incoming-webhook URL (decision 038). Outside production, http:// to this machine
 * too, so a developer (and the tests) can point a channel at a local receiver.
 */
function requireChatUrl(deps: AppDeps, platform: ChatPlatform, url: string): string {
  if (isChatWebhookUrl(platform, url)) return url;
  if (!deps.outboundTargets.production) {
    const local = /^http:\/\/([^/:?#]+|\[[^\]]+\])(:\d+)?(\/|$)/.exec(url);
    if (local && isLoopbackHostname(local[1]!.replace(/^\[(.*)\]$/, '$1'))) return url;
  }
  throw badRequest(chatUrlMessage(platform), { url: chatUrlMessage(platform) });
}

/** The events a channel listens to, for the endpoint's events column (the choices decide). */
const eventsOf = (choices: ChatChoices) => [...(choices.sales ? ['sale.created'] : []), ...(choices.goals ? ['goal.reached'] : [])];

/** When the next summary is due, or nulls when it is off. */
function scheduleSummary(now: Date, timeZone: string, enabled: boolean, choices: ChatChoices) {
  if (!enabled || !choices.dailySummary.enabled) return { nextSummaryAt: null, nextSummaryDate: null };
  const next = computeNextDailySummary(now, choices.dailySummary.localTime, timeZone);
  return { nextSummaryAt: next.at, nextSummaryDate: next.date as string };
}

export async function createChatIntegration(deps: AppDeps, actor: Actor, input: ChatIntegrationInput): Promise<ChatIntegration> {
  const parsed = ChatIntegrationInputSchema.parse(input);
  const url = requireChatUrl(deps, parsed.platform, parsed.url);
  const now = deps.now();
  const row = await insertChatEndpoint(deps.database.db, memberScopeOf(actor), {
    kind: parsed.platform,
    url,
    events: eventsOf(parsed.choices),
    enabled: true,
    chatLanguage: parsed.language,
    chatChoices: parsed.choices,
    ...scheduleSummary(now, actor.timezone, true, parsed.choices),
    now,
    limit: CHAT_INTEGRATIONS_PER_COMPANY,
  });
  if (row === 'too_many') {
    throw new HttpError(
      409,
      'too_many_chat_integrations',
      `Your company already has ${CHAT_INTEGRATIONS_PER_COMPANY} chat integrations. Delete one before adding another.`,
    );
  }
  return toChatIntegration(row);
}

export async function listChatIntegrations(deps: AppDeps, actor: Actor): Promise<ChatIntegration[]> {
  return (await findChatEndpoints(deps.database.db, memberScopeOf(actor))).map((row) => toChatIntegration(row, row.last));
}

export async function updateChatIntegration(
  deps: AppDeps,
  actor: Actor,
  id: string,
  changes: UpdateChatIntegration,
): Promise<ChatIntegration> {
  const scope = memberScopeOf(actor);
  const [current] = await findChatEndpoints(deps.database.db, scope, id);
  if (!current) throw integrationNotFound();
  const platform = current.kind as ChatPlatform;
  const url = changes.url !== undefined ? requireChatUrl(deps, platform, changes.url) : undefined;
  const choices = changes.choices ?? toChatIntegration(current).choices;
  const enabled = changes.enabled ?? current.enabled;
  const now = deps.now();
  const row = await updateChatEndpoint(deps.database.db, scope, id, {
    ...(url !== undefined && { url }),
    ...(changes.language !== undefined && { chatLanguage: changes.language }),
    ...(changes.choices !== undefined && { chatChoices: changes.choices, events: eventsOf(changes.choices) }),
    ...(changes.enabled !== undefined && { enabled: changes.enabled }),
    // The time, the choice or turning it on may move the next summary; a change of wording does not.
    ...((changes.choices !== undefined || changes.enabled !== undefined) && scheduleSummary(now, actor.timezone, enabled, choices)),
    updatedAt: now,
  });
  if (!row) throw integrationNotFound();
  return toChatIntegration(row, current.last);
}

export async function removeChatIntegration(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteChatEndpoint(deps.database.db, memberScopeOf(actor), id, deps.now()))) throw integrationNotFound();
}

/**
 * Send a test message: today's summary so far, posted to this channel alone, so the admin sees a
 * real message in the channel's language (and whether the URL works) without waiting for a sale.
 */
export async function sendChatTestMessage(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.now();
  const summary = await summarizeDayForChat(deps.database.db, actor.companyId, computeLocalDate(now, actor.timezone));
  const outcome = await insertChatTestDelivery(deps.database.db, memberScopeOf(actor), {
    endpointId: id,
    eventType: CHAT_TEST_EVENT,
    body: JSON.stringify(summary satisfies StoredChatPost),
    now,
  });
  if (outcome === null) throw integrationNotFound();
  if (outcome === 'disabled') throw new HttpError(409, 'integration_disabled', 'Turn the integration on before sending a test message.');
}

/** The event type of a test message in the delivery log. */
export const CHAT_TEST_EVENT = 'chat.test';
