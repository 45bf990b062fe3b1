import {
  type ExportFormat,
  type ExportKind,
  type GoalsExportQuery,
  type Kpi,
  type KpisExportQuery,
  type Language,
  LANGUAGES,
  type LeaderboardExportQuery,
  type MembersExportQuery,
  type PeriodExportQuery,
  resolveExportPeriod,
  type StoredActivityType,
} from '@core/contracts';
import { pickName } from '@core/activity-types';
import { computeCallOutcome } from '@core/kpi';
import { negotiateLanguage } from '@core/language';
import { computeLocalDate, computeWallClock, type LocalPeriod } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf, type SessionUser } from '../../context';
import type { CompanyRow } from '../companies/companies.service';
import { toUserId, type UserId } from '../../db/tenant';
import { forbidden, notFound } from '../../lib/http';
import { UI_LANGUAGE_HEADER } from '../../mail/templates';
import { type ExportActivityRow } from '../activities/activities.service';
import { computeQueryPeriod, getLeaderboard } from '../scoreboard/scoreboard.service';
import { listTeamMembers } from '../members/members.service';
import { getKpiValues, listKpis } from '../kpis/kpis.service';
import type { ExportWrapupRow } from '../wrapups/wrapups.service';
import type { CellKind, Column, Row, TableWriter } from './exports.formats';
import {
  type ExportStart,
  findExportCompany,
  insertExportAuditEvent,
  readActivitiesForExport,
  readGoalsForExport,
  readWrapupsForExport,
} from './exports.repository';
import { type ExportFile, sendExportFile } from './exports.transport';

/** For shutting down (bootstrap.ts): running exports are stopped before the database closes. */
export { stopRunningExports } from './exports.transport';
import {
  type ActivityColumn,
  EXPORT_WORDS,
  type ExportWords,
  type GoalColumn,
  type LeaderboardColumn,
  type MemberColumn,
  type WrapupColumn,
} from './exports.words';

/*
 * Exports (decision 034): the screens' numbers as CSV or XLSX files. Who may export what is
 * decided here, before anything is read:
 * - every member exports their own activities, wrap-ups and goals; an admin exports everyone's;
 *   a rep who names a colleague (`member`) is refused with 403, never quietly given their own;
 * - the leaderboard and the member list are what every member already sees on the scoreboard and
 *   the Team page, so every member exports them whole.
 */

/** Who asked, for the language: their saved one, then the screen's (header), then the browser's. */
export type ExportReader = { user: SessionUser; headers: Headers };

export function chooseExportLanguage(asked: Language | undefined, reader: ExportReader): Language {
  return negotiateLanguage(
    {
      explicit: [asked, reader.user.locale, reader.headers.get(UI_LANGUAGE_HEADER)],
      acceptLanguage: reader.headers.get('accept-language'),
    },
    LANGUAGES,
    'en',
  );
}

/** Whose rows an export holds: null is everyone's (admins only). */
export function resolveMemberFilter(actor: Actor, member: string | undefined): UserId | null {
  if (actor.role === 'admin') return member === undefined ? null : toUserId(member);
  if (member !== undefined && member !== actor.userId) {
    throw forbidden("Only admins export other members' data. Leave out member (or name yourself) to export your own.");
  }
  return actor.userId;
}

/**
 * An export of someone else's activities, wrap-ups or goals (an admin's of one colleague or of
 * everyone) is an admin action on people's data: it goes in the audit log once the file is
 * complete. A member's own files and the leaderboard and members lists (which every member sees on
 * screen) are not logged.
 */
async function noteExportOfOthers(
  deps: AppDeps,
  actor: Actor,
  input: { kind: ExportKind; userId: UserId | null; format: ExportFormat; period?: LocalPeriod },
): Promise<void> {
  if (input.userId === actor.userId) return;
  const period = input.period ? { from: input.period.from, to: input.period.to } : {};
  await insertExportAuditEvent(deps.database.db, memberScopeOf(actor), {
    userId: input.userId,
    details: { kind: input.kind, format: input.format, ...period },
    at: deps.now(),
  });
}

type ColumnSpec<K extends string> = { key: K; kind: CellKind; width: number };

/**
 * The company's own types in the activities' file (decision 100): each named in the file's
 * language, and a column per field after the fixed ones ("Site visit · Offer value"), typed as its
 * kind (an amount as money, a number as a number, a date as a date); blank on other rows.
 */
type OwnTypeColumns = {
  types: Map<string, { name: string; outcomes: Map<string, string> }>;
  fields: { typeId: string; fieldId: string; header: string; kind: CellKind; cell: (value: unknown) => Row[number] }[];
};
const NO_OWN_TYPES: OwnTypeColumns = { types: new Map(), fields: [] };

function describeOwnTypeColumns(
  start: Pick<ExportStart, 'ownTypes' | 'renamedKinds'>,
  language: string,
  words: { yes: string; no: string },
): OwnTypeColumns {
  const ownTypes = start.ownTypes ?? [];
  const name = (names: Record<string, string | undefined>) => pickName(names as Record<string, string>, language);
  // A built-in kind the company renamed (decision 116) is named so, with its outcome (a call's); its
  // fields stay the fixed columns (a sale's value).
  const types = new Map(
    [...ownTypes, ...(start.renamedKinds ?? [])].map((type) => [
      type.id,
      { name: name(type.names), outcomes: new Map(type.outcomes.map((o) => [o.id, name(o.names)])) },
    ]),
  );
  const fields = ownTypes.flatMap((type) =>
    type.fields.map((field) => {
      const options = new Map(field.options.map((o) => [o.id, name(o.names)]));
      const kind: CellKind =
        field.kind === 'money' ? 'money' : field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text';
      const cell = (value: unknown): Row[number] => {
        if (value === undefined || value === null) return null;
        if (field.kind === 'money' || field.kind === 'number') return typeof value === 'number' ? value : null;
        if (field.kind === 'date') return typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : null;
        if (field.kind === 'yes_no') return value === true ? words.yes : value === false ? words.no : null;
        if (field.kind === 'choice') return options.get(String(value)) ?? null;
        return String(value);
      };
      return { typeId: type.id, fieldId: field.id, header: `${name(type.names)} · ${name(field.names)}`, kind, cell };
    }),
  );
  return { types, fields };
}

function toColumns<K extends string>(specs: readonly ColumnSpec<K>[], headers: Record<K, string>, currency: string): Column[] {
  return specs.map((spec) => ({
    header: spec.kind === 'money' ? `${headers[spec.key]} (${currency})` : headers[spec.key],
    kind: spec.kind,
    width: spec.width,
  }));
}

const ACTIVITY_COLUMNS: ColumnSpec<ActivityColumn>[] = [
  { key: 'at', kind: 'datetime', width: 18 },
  { key: 'member', kind: 'text', width: 24 },
  { key: 'type', kind: 'text', width: 18 },
  { key: 'outcome', kind: 'text', width: 16 },
  { key: 'customer', kind: 'text', width: 28 },
  { key: 'product', kind: 'text', width: 22 },
  { key: 'value', kind: 'money', width: 16 },
  { key: 'points', kind: 'integer', width: 8 },
  { key: 'notes', kind: 'text', width: 50 },
  // Last, so files read by position before it still line up.
  { key: 'loggedLate', kind: 'text', width: 14 },
];

const LEADERBOARD_COLUMNS: ColumnSpec<LeaderboardColumn>[] = [
  { key: 'rank', kind: 'integer', width: 7 },
  { key: 'member', kind: 'text', width: 24 },
  { key: 'points', kind: 'integer', width: 9 },
  { key: 'calls', kind: 'integer', width: 9 },
  { key: 'answered', kind: 'integer', width: 10 },
  { key: 'unanswered', kind: 'integer', width: 11 },
  { key: 'meetings', kind: 'integer', width: 15 },
  { key: 'conversion', kind: 'percent', width: 16 },
  { key: 'sales', kind: 'integer', width: 8 },
  { key: 'revenue', kind: 'money', width: 18 },
  { key: 'activities', kind: 'integer', width: 11 },
];

const WRAPUP_COLUMNS: ColumnSpec<WrapupColumn>[] = [
  { key: 'date', kind: 'date', width: 12 },
  { key: 'member', kind: 'text', width: 24 },
  { key: 'calls', kind: 'integer', width: 9 },
  { key: 'meetings', kind: 'integer', width: 9 },
  { key: 'sales', kind: 'integer', width: 8 },
  { key: 'points', kind: 'integer', width: 8 },
  { key: 'good', kind: 'text', width: 50 },
  { key: 'improve', kind: 'text', width: 50 },
];

const GOAL_COLUMNS: ColumnSpec<GoalColumn>[] = [
  { key: 'member', kind: 'text', width: 24 },
  { key: 'dailyCalls', kind: 'integer', width: 14 },
  { key: 'dailyMeetings', kind: 'integer', width: 16 },
  { key: 'dailySales', kind: 'integer', width: 14 },
  { key: 'updatedAt', kind: 'datetime', width: 18 },
];

const MEMBER_COLUMNS: ColumnSpec<MemberColumn>[] = [
  { key: 'name', kind: 'text', width: 24 },
  { key: 'email', kind: 'text', width: 32 },
  { key: 'role', kind: 'text', width: 10 },
  { key: 'joinedAt', kind: 'date', width: 12 },
];

/** A person as the screens name them: "Former member" once erased and gone, else the display name, else "User 1a2b3c4d". */
function nameOf(person: { userId: string; displayName: string | null; formerMember?: boolean }, words: ExportWords): string {
  if (person.formerMember === true) return words.formerMember;
  return person.displayName ?? words.unnamedMember(person.userId.slice(0, 8));
}

/** A local day as the Date a file cell takes (its UTC midnight). */
const dayCell = (day: string) => new Date(`${day}T00:00:00Z`);

const MS_PER_DAY = 86_400_000;

/** "Acme Sales AS - activities - 2026-11-01_2026-11-30.csv" (the transport makes an ASCII twin). */
function fileNameOf(company: CompanyRow, kind: string, label: string, format: ExportFormat): string {
  const name = company.name.length > 60 ? company.name.slice(0, 60) : company.name;
  return `${name} - ${kind} - ${label}.${format}`;
}

const periodLabel = (period: { from: string; to: string }) => (period.from === period.to ? period.from : `${period.from}_${period.to}`);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type FileQuery = { format: ExportFormat; separator: ExportFile['separator']; language?: Language | undefined };

/** Everything the file needs but its rows, once the company is known. */
function describeFile(
  company: CompanyRow,
  kind: ExportKind,
  label: string,
  query: FileQuery,
  language: Language,
  columns: Column[],
): ExportFile {
  const words = EXPORT_WORDS[language];
  return {
    format: query.format,
    fileName: fileNameOf(company, words.kinds[kind], label, query.format),
    columns,
    sheetName: capitalize(words.kinds[kind]),
    currency: company.currency,
    language,
    separator: query.separator,
  };
}

function requireStart(start: ExportStart): CompanyRow {
  if (!start.company) throw notFound('No company found. You need to create or be invited to a company first.');
  if (!start.memberFound) throw notFound('No such member in your company.');
  return start.company;
}

/** A file of rows already in memory (a leaderboard, the members, goals: a row or a few per member). */
async function writeAll(writer: TableWriter, rows: readonly Row[], signal: AbortSignal): Promise<void> {
  await writer.writeRows(rows, signal);
  await writer.finish();
}

const exportInput = (deps: AppDeps, actor: Actor) => ({
  database: deps.database,
  memberId: actor.userId,
  creator: deps.config.BRAND_NAME,
});

function resolvePeriod(deps: AppDeps, actor: Actor, query: Pick<PeriodExportQuery, 'period' | 'from' | 'to'>): LocalPeriod {
  return computeQueryPeriod(deps.now(), actor.timezone, { period: resolveExportPeriod(query), from: query.from, to: query.to }).period;
}

/** One row per activity of the period, oldest first: the caller's own, or (admins) everyone's or one member's. */
export async function exportActivities(deps: AppDeps, actor: Actor, reader: ExportReader, query: PeriodExportQuery): Promise<Response> {
  const userId = resolveMemberFilter(actor, query.member);
  const language = chooseExportLanguage(query.language, reader);
  const words = EXPORT_WORDS[language];
  const period = resolvePeriod(deps, actor, query);
  let own: OwnTypeColumns = NO_OWN_TYPES;
  const toRow = (row: ExportActivityRow): Row => {
    // An unanswered call has no outcome of its own (the feed's "no progress" is its type's words).
    const outcome = row.type === 'call_answered' ? computeCallOutcome(row) : null;
    const type = row.typeId === null ? undefined : own.types.get(row.typeId);
    return [
      new Date(row.localAt * 1000),
      nameOf(row, words),
      type ? type.name : (words.activityTypes[row.type as StoredActivityType] ?? row.type),
      type
        ? row.outcomeId === null
          ? null
          : (type.outcomes.get(row.outcomeId) ?? null)
        : outcome === null
          ? null
          : words.outcomes[outcome],
      row.customerName,
      row.productName,
      row.ticketSize,
      row.points,
      row.notes,
      row.loggedLate ? words.yes : null,
      ...own.fields.map((field) => (row.typeId === field.typeId ? field.cell(row.fieldValues?.[field.fieldId]) : null)),
    ];
  };
  return sendExportFile({
    ...exportInput(deps, actor),
    read: async (open, signal) => {
      let writer: TableWriter | null = null;
      await readActivitiesForExport(
        deps.database.db,
        actor,
        { userId, from: period.from, to: period.to, start: period.start, end: period.end, timezone: actor.timezone },
        {
          begin: (start) => {
            const company = requireStart(start);
            own = describeOwnTypeColumns(start, language, words);
            const columns = [
              ...toColumns(ACTIVITY_COLUMNS, words.columns.activities, company.currency),
              ...own.fields.map(({ header, kind }) => ({
                header: kind === 'money' ? `${header} (${company.currency})` : header,
                kind,
                width: 16,
              })),
            ];
            writer = open(describeFile(company, 'activities', periodLabel(period), query, language, columns));
          },
          write: (rows) => writer!.writeRows(rows.map(toRow), signal),
        },
      );
      await writer!.finish();
      await noteExportOfOthers(deps, actor, { kind: 'activities', userId, format: query.format, period });
    },
  });
}

/** The daily wrap-ups of the period with their notes: the caller's own, or (admins) everyone's or one member's. */
export async function exportWrapups(deps: AppDeps, actor: Actor, reader: ExportReader, query: PeriodExportQuery): Promise<Response> {
  const userId = resolveMemberFilter(actor, query.member);
  const language = chooseExportLanguage(query.language, reader);
  const words = EXPORT_WORDS[language];
  const period = resolvePeriod(deps, actor, query);
  const toRow = (row: ExportWrapupRow): Row => [
    new Date(row.dayNumber * MS_PER_DAY),
    nameOf(row, words),
    row.calls,
    row.meetings,
    row.sales,
    row.points,
    row.good,
    row.improve,
  ];
  return sendExportFile({
    ...exportInput(deps, actor),
    read: async (open, signal) => {
      let writer: TableWriter | null = null;
      await readWrapupsForExport(
        deps.database.db,
        actor,
        { userId, from: period.from, to: period.to },
        {
          begin: (start) => {
            const company = requireStart(start);
            const columns = toColumns(WRAPUP_COLUMNS, words.columns.wrapups, company.currency);
            writer = open(describeFile(company, 'wrapups', periodLabel(period), query, language, columns));
          },
          write: (rows) => writer!.writeRows(rows.map(toRow), signal),
        },
      );
      await writer!.finish();
      await noteExportOfOthers(deps, actor, { kind: 'wrapups', userId, format: query.format, period });
    },
  });
}

/**
 * The leaderboard of the period exactly as GET /scoreboard/leaderboard ranks it (the same service
 * function: rollups, core's conversion and tie-breaks), every active member; `member` keeps one
 * row with its company rank. Every member sees the leaderboard, so every member exports it.
 */
export async function exportLeaderboard(
  deps: AppDeps,
  actor: Actor,
  reader: ExportReader,
  query: LeaderboardExportQuery,
): Promise<Response> {
  const language = chooseExportLanguage(query.language, reader);
  const words = EXPORT_WORDS[language];
  return sendExportFile({
    ...exportInput(deps, actor),
    read: async (open, signal) => {
      const company = await findExportCompany(deps.database.db, actor);
      const board = await getLeaderboard(deps, actor, {
        period: resolveExportPeriod(query),
        from: query.from,
        to: query.to,
        sort: query.sort,
        activeOnly: false,
        teamId: query.teamId,
        rankBy: query.rankBy,
      });
      const rows = board.rows.filter((row) => query.member === undefined || row.userId === query.member);
      if (query.member !== undefined && rows.length === 0) throw notFound('No such member in your company.');
      const owner = requireStart({ company, memberFound: true });
      const columns = toColumns(LEADERBOARD_COLUMNS, words.columns.leaderboard, owner.currency);
      const writer = open(describeFile(owner, 'leaderboard', periodLabel(board.period), query, language, columns));
      const cells = rows.map((row): Row => [
        row.rank,
        nameOf(row, words),
        row.points,
        row.calls,
        row.answered,
        row.unanswered,
        row.meetings,
        row.conversion,
        row.sales,
        row.revenue,
        row.activities,
      ]);
      await writeAll(writer, cells, signal);
    },
  });
}

/** Each active member's daily goals as they stand (zeros for one who never set any): the caller's own, or (admins) everyone's. */
export async function exportGoals(deps: AppDeps, actor: Actor, reader: ExportReader, query: GoalsExportQuery): Promise<Response> {
  const userId = resolveMemberFilter(actor, query.member);
  const language = chooseExportLanguage(query.language, reader);
  const words = EXPORT_WORDS[language];
  return sendExportFile({
    ...exportInput(deps, actor),
    read: async (open, signal) => {
      const data = await readGoalsForExport(deps.database.db, actor, userId);
      const company = requireStart(data);
      const columns = toColumns(GOAL_COLUMNS, words.columns.goals, company.currency);
      const today = computeLocalDate(deps.now(), actor.timezone);
      const writer = open(describeFile(company, 'goals', today, query, language, columns));
      const byUser = new Map(data.goals.map((goal) => [goal.userId, goal]));
      const cells = data.members.map((member): Row => {
        const goal = byUser.get(member.userId);
        return [
          nameOf(member, words),
          goal?.dailyCalls ?? 0,
          goal?.dailyMeetings ?? 0,
          goal?.dailySales ?? 0,
          goal ? computeWallClock(goal.updatedAt, actor.timezone) : null,
        ];
      });
      await writeAll(writer, cells, signal);
      await noteExportOfOthers(deps, actor, { kind: 'goals', userId, format: query.format });
    },
  });
}

/** The Team page's list (the same service function): active members with e-mail, role and the day they joined. */
export async function exportMembers(deps: AppDeps, actor: Actor, reader: ExportReader, query: MembersExportQuery): Promise<Response> {
  const language = chooseExportLanguage(query.language, reader);
  const words = EXPORT_WORDS[language];
  return sendExportFile({
    ...exportInput(deps, actor),
    read: async (open, signal) => {
      const company = requireStart({ company: await findExportCompany(deps.database.db, actor), memberFound: true });
      const members = await listTeamMembers(deps, actor);
      const columns = toColumns(MEMBER_COLUMNS, words.columns.members, company.currency);
      const today = computeLocalDate(deps.now(), actor.timezone);
      const writer = open(describeFile(company, 'members', today, query, language, columns));
      const cells = members.map((member): Row => [
        nameOf(member, words),
        member.email,
        words.roles[member.role],
        dayCell(computeLocalDate(new Date(member.joinedAt), actor.timezone)),
      ]);
      await writeAll(writer, cells, signal);
    },
  });
}

/**
 * The KPI board (decision 101), which every member sees: each active member's value of every KPI
 * (the built-in ones, then the company's) over the period, by name, then everyone's together. A
 * column per KPI in the file's language, typed by its format: an amount as money, a percent as a
 * percent, a number (a duration in seconds) as a number; no value ("—" on screen) is a blank cell.
 */
export async function exportKpis(deps: AppDeps, actor: Actor, reader: ExportReader, query: KpisExportQuery): Promise<Response> {
  const language = chooseExportLanguage(query.language, reader);
  const words = EXPORT_WORDS[language];
  return sendExportFile({
    ...exportInput(deps, actor),
    read: async (open, signal) => {
      const company = requireStart({ company: await findExportCompany(deps.database.db, actor), memberFound: true });
      const { period } = computeQueryPeriod(deps.now(), actor.timezone, {
        period: resolveExportPeriod(query),
        from: query.from,
        to: query.to,
      });
      const [{ kpis }, values] = [
        await listKpis(deps, actor),
        await getKpiValues(deps, actor, {
          from: period.from,
          to: period.to,
          ...(query.teamId ? { teamId: query.teamId } : {}),
          totalOnly: false,
          byTeam: false,
        }),
      ];
      const members = values.members.filter((member) => query.member === undefined || member.userId === query.member);
      if (query.member !== undefined && members.length === 0) throw notFound('No such member in your company.');
      const kindOf = (kpi: Kpi): CellKind => (kpi.format === 'money' ? 'money' : kpi.format === 'percent' ? 'percent' : 'number');
      const columns: Column[] = [
        { header: words.columns.kpis.member, kind: 'text', width: 24 },
        ...kpis.map((kpi) => {
          const name = pickName(kpi.names, language, company.language);
          // A percent or number shows the KPI's decimals (33,3 %), as the board does.
          const decimals = kpi.decimals > 0 && kpi.format !== 'money' ? `.${'0'.repeat(kpi.decimals)}` : '';
          const numFmt = kpi.format === 'percent' ? `0${decimals}%` : kpi.format !== 'money' && decimals ? `0${decimals}` : undefined;
          return {
            header: kpi.format === 'money' ? `${name} (${company.currency})` : name,
            kind: kindOf(kpi),
            width: Math.max(10, name.length + 4),
            ...(numFmt ? { numFmt } : {}),
          };
        }),
      ];
      const writer = open(describeFile(company, 'kpis', periodLabel(period), query, language, columns));
      const byId = new Map(values.kpis.map((kpi) => [kpi.id, kpi]));
      // As the board shows it: money in whole minor units (an average or a ratio of amounts has
      // fractions of an øre), a percent KPI's ratio (0.25) as the percent cells take it (25), each
      // to the KPI's decimals, so no float noise (28.999999999999996) reaches a spreadsheet.
      const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
      const cell = (kpi: Kpi, value: number | null | undefined): Row[number] => {
        if (value === null || value === undefined || !Number.isFinite(value)) return null;
        if (kpi.format === 'money') return Math.round(value);
        return round(kpi.format === 'percent' ? value * 100 : value, kpi.decimals);
      };
      const sorted = [...members].sort((a, b) => nameOf(a, words).localeCompare(nameOf(b, words), language));
      const rows = sorted.map((member): Row => [
        nameOf(member, words),
        ...kpis.map((kpi) => cell(kpi, byId.get(kpi.id)?.members.find((m) => m.userId === member.userId)?.value)),
      ]);
      if (query.member === undefined) rows.push([words.everyone, ...kpis.map((kpi) => cell(kpi, byId.get(kpi.id)?.total))]);
      await writeAll(writer, rows, signal);
    },
  });
}
