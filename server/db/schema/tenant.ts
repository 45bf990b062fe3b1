import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  jsonb,
  boolean,
  check,
  foreignKey,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ActivityBonus,
  ActivityField,
  ActivityOutcome,
  ActivityTypeColour,
  ActivityTypeIcon,
  BoardSharing,
  BoardWidget,
  CompanyBadgePeriod,
  KpiFormat,
  KpiFormula,
  LocalizedNames,
} from '@core/contracts';
import type { CompanyId, UserId } from '../ids';
import { user } from './auth';

/*
 * Tenant tables. Every one carries company_id, every index that serves a tenant query starts with
 * it, and every one has row-level security enabled and forced (see migrations/*_rls.sql).
 */
const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').$type<CompanyId>().primaryKey().defaultRandom(),
    name: text('name').notNull(),
    timezone: text('timezone').notNull().default('Europe/Oslo'),
    currency: text('currency').notNull().default('NOK'),
    /**
     * The language its walls and mails speak (decision 079): 'en', 'nb', 'sv' or 'da'; null until chosen (a
     * wall then follows its browser, a mail its reader's saved language or English).
     */
    language: text('language'),
    logoUrl: text('logo_url'),
    /** First-run setup (decision 042): the steps an admin saved there, and when the checklist was dismissed. */
    setupStepsSaved: text('setup_steps_saved')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    setupDismissedAt: tz('setup_dismissed_at'),
    /**
     * How many days back reps may log, edit and delete their own activities (0: today only;
     * decision 041). Admins correct any day.
     */
    lateLoggingDays: integer('late_logging_days').notNull().default(7),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('companies_late_logging_days_ck', sql`${t.lateLoggingDays} between 0 and 90`),
    check('companies_language_ck', sql`${t.language} in ('en', 'nb', 'sv', 'da')`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * The one team the member belongs to (decision 040), or null. The foreign key to
     * teams (company_id, id), which clears it when the team is deleted, is hand-written in
     * migration 0020 (ON DELETE SET NULL of this column alone is not expressible here).
     */
    teamId: uuid('team_id'),
    displayName: text('display_name'),
    role: text('role').notNull().default('user'),
    avatarUrl: text('avatar_url'),
    /** Set when an admin removes the member; the row stays so history keeps its name. */
    removedAt: tz('removed_at'),
    /**
     * Set when the person's personal data in this company was erased (decision 022): name and
     * avatar cleared, their notes and wrap-up text gone; boards name them "Former member".
     */
    erasedAt: tz('erased_at'),
    /** The member turned the weekly digest mail off (Settings, or the mail's one-click link; decision 047). */
    digestOptOut: boolean('digest_opt_out').notNull().default(false),
    /**
     * Whether the member plays (decision 081): false for a manager who does not sell, who is then
     * left off every ranking (leaderboards, contests, the wall, the daily summary, digests'
     * lists) while their own logging and history stay and count in the company's totals.
     */
    onBoards: boolean('on_boards').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_company_user_uq').on(t.companyId, t.userId),
    // A person is an active member of at most one company at a time.
    uniqueIndex('profiles_active_user_uq')
      .on(t.userId)
      .where(sql`${t.removedAt} is null`),
    // A team's members (board filters, a lead's people).
    index('profiles_company_team_idx')
      .on(t.companyId, t.teamId)
      .where(sql`${t.teamId} is not null`),
  ],
);

/**
 * A company's teams (decision 040): "Oslo", "Bergen", "Inbound". Keyed (company_id, id) so every
 * reference to a team carries its company and a distributed PostgreSQL could shard by company.
 * A team is deleted, not archived: membership is current, numbers belong to people.
 */
export const teams = pgTable(
  'teams',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    // One team per name per company, case-insensitively.
    uniqueIndex('teams_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
  ],
);

/**
 * Who leads which team (decision 040): a per-team attribute, not a company role. A member may
 * lead several teams, and need not belong to the team they lead.
 */
export const teamLeads = pgTable(
  'team_leads',
  {
    companyId: uuid('company_id').$type<CompanyId>().notNull(),
    teamId: uuid('team_id').notNull(),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.teamId, t.userId] }),
    // The teams a person leads (the lead's people, the authorization helper).
    index('team_leads_company_user_idx').on(t.companyId, t.userId),
    foreignKey({ columns: [t.companyId, t.teamId], foreignColumns: [teams.companyId, teams.id] }).onDelete('cascade'),
  ],
);

export const customerCompanies = pgTable(
  'customer_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain'),
    segment: text('segment'),
    pointValue: integer('point_value').notNull().default(0),
    createdBy: text('created_by').$type<UserId>(),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** Set when an admin archives it (decision 041): out of the log dialogs' autocomplete, history kept. */
    archivedAt: tz('archived_at'),
  },
  (t) => [
    // One customer per name per company, case-insensitively; makes get-or-create race-safe.
    uniqueIndex('customer_companies_company_name_uq').on(t.companyId, sql`lower(${t.name})`),
    index('customer_companies_company_created_idx').on(t.companyId, t.createdAt.desc()),
  ],
);

export const ACTIVITY_TYPES = ['call_answered', 'call_unanswered', 'meeting', 'sale', 'email', 'linkedin'] as const;

/**
 * A company's activity types (decision 100): names per language, icon and colour, points,
 * outcomes and fields (JSON arrays whose entries keep their ids for ever; removed ones stay,
 * archived, while the type is in use). `key` names what a row stands for: a built-in kind
 * (`call`, `meeting`, `sale`, `email`, `linkedin`: every company has the five, made with it by
 * the companies_built_in_types trigger, decision 114), a template's type (`door_knock`, ...), or
 * null for a type the company made itself. The built-in kinds' rows are not the company's own
 * types: they name the activities of those kinds, and their points are still the point rules'.
 */
export const activityTypes = pgTable(
  'activity_types',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    key: text('key'),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    icon: text('icon').$type<ActivityTypeIcon>().notNull(),
    colour: text('colour').$type<ActivityTypeColour>().notNull(),
    points: integer('points').notNull().default(0),
    outcomes: jsonb('outcomes').$type<ActivityOutcome[]>().notNull().default([]),
    fields: jsonb('fields').$type<ActivityField[]>().notNull().default([]),
    bonus: jsonb('bonus').$type<ActivityBonus | null>(),
    /**
     * A built-in kind's row (decision 114) renamed by the company (decision 116): its `names` are then
     * the company's and every read names the kind's activities by them; otherwise the app's words do.
     */
    renamed: boolean('renamed').notNull().default(false),
    /** Every one logged is celebrated (an outcome's own `celebrate` in `outcomes` celebrates only those): read by notify_activity_change. */
    celebrate: boolean('celebrate').notNull().default(false),
    /** The order the log menus and the editor list the live types in. */
    position: integer('position').notNull().default(0),
    archivedAt: tz('archived_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('activity_types_company_key_uq')
      .on(t.companyId, t.key)
      .where(sql`${t.key} is not null`),
    check('activity_types_points_ck', sql`${t.points} >= 0`),
  ],
);

/**
 * A company's KPIs (decisions 100 and 101): a figure defined once, answered from the rollups. The
 * formula is checked by core (checkKpiDefinition) before it is written.
 */
export const kpis = pgTable(
  'kpis',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    formula: jsonb('formula').$type<KpiFormula>().notNull(),
    format: text('format').$type<KpiFormat>().notNull(),
    decimals: integer('decimals').notNull().default(0),
    lowerIsBetter: boolean('lower_is_better').notNull().default(false),
    /** The order the lists and menus show them in. */
    position: integer('position').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('kpis_format_ck', sql`${t.format} in ('number','money','percent','duration')`),
    check('kpis_decimals_ck', sql`${t.decimals} between 0 and 3`),
  ],
);

/**
 * Boards (decision 102): a grid of widgets over the company's KPIs, private to its owner, shared
 * with a team or with the company. The widgets are checked by the contract before they are written.
 */
export const boards = pgTable(
  'boards',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    sharing: text('sharing').$type<BoardSharing>().notNull(),
    teamId: uuid('team_id'),
    ownerId: text('owner_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    widgets: jsonb('widgets').$type<BoardWidget[]>().notNull().default([]),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('boards_company_sharing_idx').on(t.companyId, t.sharing),
    check('boards_sharing_ck', sql`${t.sharing} in ('private','team','company') and ((${t.sharing} = 'team') = (${t.teamId} is not null))`),
  ],
);

/**
 * The board a member opens the app on instead of the dashboard (decision 102): one per member of a
 * company, gone with the board (or the member).
 */
export const boardHomes = pgTable(
  'board_homes',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    boardId: uuid('board_id').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    foreignKey({ columns: [t.companyId, t.boardId], foreignColumns: [boards.companyId, boards.id] }).onDelete('cascade'),
    // A board deleted takes its members' start pages with it: found by the board.
    index('board_homes_board_idx').on(t.companyId, t.boardId),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customerCompanies.id, { onDelete: 'set null' }),
    customerName: text('customer_name'),
    type: text('type').notNull(),
    meetingBooked: boolean('meeting_booked').notNull().default(false),
    movedForward: boolean('moved_forward').notNull().default(false),
    status: text('status').notNull().default('completed'),
    /** Sale value in minor units of the company currency. */
    ticketSize: bigint('ticket_size', { mode: 'number' }),
    productName: text('product_name'),
    notes: text('notes'),
    /** Snapshot of the points the rules gave when the activity was logged. */
    pointsEarned: integer('points_earned').notNull().default(0),
    /** True on the call that earned the daily call bonus (part of points_earned), or an own type's daily bonus. */
    dailyBonus: boolean('daily_bonus').notNull().default(false),
    /**
     * The part of points_earned that is the daily bonus (0 on every other activity), so the bonus
     * can be taken back exactly when the day falls below the rule's number of calls, whatever points the rule gives by then.
     */
    bonusPoints: integer('bonus_points').notNull().default(0),
    /** The company-local calendar day of created_at, fixed at insert; rollups key on it. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /**
     * Logged for, or moved to, a day before the day it was written on (decision 041); stays true
     * once set, so a correction is never silent.
     */
    loggedLate: boolean('logged_late').notNull().default(false),
    /** The spreadsheet import that wrote it (decision 039), so the import can be undone as a whole; null when logged. */
    importId: uuid('import_id'),
    /**
     * The key the logging device gave the activity (decision 054): a retry of the same log, sent
     * again after a lost answer or from the phone's offline queue, finds this one instead of
     * counting twice. Null when logged without one.
     */
    clientKey: uuid('client_key'),
    /**
     * The type it is of (decisions 100 and 114): one of the company's own, or the row of its
     * built-in kind (`activity_types.key`), which the activities_built_in_type trigger sets from
     * `type` on every write. A type with activities cannot be deleted (the key refuses), only archived.
     */
    typeId: uuid('type_id'),
    /**
     * The outcome's id, when the type has outcomes: an own type's as logged; a call's set with its
     * type_id from `type` and the flags (not_answered, no_progress, moved_forward, meeting_booked).
     */
    outcomeId: text('outcome_id'),
    /**
     * A company's own type: its fields' values by field id (a number; money in minor units; a
     * choice's option id; true or false; a line of text; a date as YYYY-MM-DD). Null for the built-in kinds.
     */
    fieldValues: jsonb('field_values').$type<Record<string, number | boolean | string>>(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.typeId], foreignColumns: [activityTypes.companyId, activityTypes.id] }),
    // Whether one of the company's own types is in use (the built-in kinds' rows always are).
    index('activities_company_type_idx')
      .on(t.companyId, t.typeId)
      .where(sql`${t.type} = 'custom'`),
    index('activities_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('activities_company_import_idx')
      .on(t.companyId, t.importId)
      .where(sql`${t.importId} is not null`),
    index('activities_company_user_day_idx').on(t.companyId, t.userId, t.localDate),
    // A customer's activities: the customers list's counts and a merge (decision 041).
    index('activities_company_customer_idx')
      .on(t.companyId, t.customerId)
      .where(sql`${t.customerId} is not null`),
    // The sync feed's order (GET /api/v1/activities, decision 035): changes after a cursor.
    index('activities_company_updated_idx').on(t.companyId, t.updatedAt, t.id),
    // One activity per device key and member: the logging insert's ON CONFLICT target.
    uniqueIndex('activities_company_user_client_key_uq')
      .on(t.companyId, t.userId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
    check('activities_type_ck', sql`${t.type} in ('call_answered','call_unanswered','meeting','sale','email','linkedin','custom')`),
    // Every activity names its type: an own type's as logged, a built-in kind's set by the trigger (decision 114).
    check('activities_type_id_ck', sql`${t.typeId} is not null`),
  ],
);

/**
 * Activities that were deleted (undone, or gone with their member's account), kept so a client
 * syncing GET /api/v1/activities learns of the deletion (decision 035). Written by the
 * activities_tombstone trigger (migration 0015), never by the app. user_id has no foreign key:
 * the record outlives the account.
 */
export const deletedActivities = pgTable(
  'deleted_activities',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The deleted activity's id. */
    id: uuid('id').notNull(),
    userId: text('user_id').$type<UserId>().notNull(),
    type: text('type').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    deletedAt: tz('deleted_at').notNull().defaultNow(),
    /**
     * The deleted activity's device key (activities.client_key), kept so that a late retry of an
     * offline log made with it is answered "deleted" rather than logged again (decision 069).
     */
    clientKey: uuid('client_key'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('deleted_activities_company_deleted_idx').on(t.companyId, t.deletedAt, t.id),
    index('deleted_activities_client_key_idx')
      .on(t.companyId, t.userId, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/**
 * The rollup every scoreboard reads: one row per company, local day and user, kept exact by a
 * trigger on activities in the same transaction as each insert, update and delete.
 */
export const dailyUserStats = pgTable(
  'daily_user_stats',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    calls: integer('calls').notNull().default(0),
    answered: integer('answered').notNull().default(0),
    unanswered: integer('unanswered').notNull().default(0),
    meetingsBooked: integer('meetings_booked').notNull().default(0),
    meetingsCompleted: integer('meetings_completed').notNull().default(0),
    movedForward: integer('moved_forward').notNull().default(0),
    emails: integer('emails').notNull().default(0),
    linkedin: integer('linkedin').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    points: integer('points').notNull().default(0),
    activities: integer('activities').notNull().default(0),
    /**
     * How many of the day's activities carry the daily call bonus (0 or 1): lets a logged call learn
     * "bonus already taken" from this row instead of scanning the day's activities (decision 028).
     */
    bonusCalls: integer('bonus_calls').notNull().default(0),
    /**
     * The day's largest and smallest sale value (minor units; null: no sale): the built-in sale's
     * extremes for KPIs (decision 109). Kept by the same trigger, read again from the day's sales
     * when one that may have been the extreme goes.
     */
    saleMax: bigint('sale_max', { mode: 'number' }),
    saleMin: bigint('sale_min', { mode: 'number' }),
    /**
     * The day's points of each built-in kind (a call's include the daily call bonus it carries), so a
     * KPI can sum the points of one kind as it sums an own type's (decision 110). An own type's
     * points are in activity_type_day_stats; `points` above is every activity's.
     */
    callPoints: integer('call_points').notNull().default(0),
    meetingPoints: integer('meeting_points').notNull().default(0),
    salePoints: integer('sale_points').notNull().default(0),
    emailPoints: integer('email_points').notNull().default(0),
    linkedinPoints: integer('linkedin_points').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.userId] }),
    index('daily_user_stats_company_user_day_idx').on(t.companyId, t.userId, t.day),
  ],
);

/**
 * The rollup of the company's own types (decision 100): one row per company, local day, member,
 * type and outcome ('' for none), kept exact by the activities_type_rollup triggers in the same
 * transaction as each write. `sums`: the numeric fields' totals by field id (money in minor
 * units); `counts`: how many had each choice or yes/no value, by "fieldId:value".
 */
export const activityTypeDayStats = pgTable(
  'activity_type_day_stats',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id').notNull(),
    outcomeId: text('outcome_id').notNull().default(''),
    activities: integer('activities').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** How many of these carry the type's daily bonus (0 or 1 a member-day across outcomes). */
    bonusTaken: integer('bonus_taken').notNull().default(0),
    sums: jsonb('sums').$type<Record<string, number>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** Each number or money field's smallest and largest value that day (recomputed for the day on a delete). */
    mins: jsonb('mins').$type<Record<string, number>>().notNull().default({}),
    maxes: jsonb('maxes').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.userId, t.typeId, t.outcomeId] }),
    foreignKey({ columns: [t.companyId, t.typeId], foreignColumns: [activityTypes.companyId, activityTypes.id] }).onDelete('cascade'),
    index('activity_type_day_stats_company_type_day_idx').on(t.companyId, t.typeId, t.day),
  ],
);

/**
 * Inbound sources (decision 120): a system that sends the company's activities over HTTP (Zapier,
 * Make, n8n, home-made), each request signed with the source's secret and read by its mapping.
 */
export const inboundSources = pgTable(
  'inbound_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** standard_webhooks | hmac_sha256 */
    signature: text('signature').notNull(),
    /** The header an HMAC signature comes in. */
    signatureHeader: text('signature_header').notNull().default('x-signature'),
    /** whsec_ + base64 of 24 random bytes: the server verifies with it, so it is kept as is (as webhook endpoints' are). */
    secret: text('secret').notNull(),
    /** InboundMapping; null until an admin has mapped the first payloads (they are kept, not logged). */
    mapping: jsonb('mapping'),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    lastReceivedAt: tz('last_received_at'),
  },
  (t) => [
    index('inbound_sources_company_idx').on(t.companyId, t.createdAt),
    check('inbound_sources_signature_check', sql`${t.signature} in ('standard_webhooks', 'hmac_sha256')`),
  ],
);

/**
 * What a source sent and what became of it: the newest payloads of each source (the mapping's
 * preview) and the refused ones for 7 days, with the reason.
 */
export const inboundPayloads = pgTable(
  'inbound_payloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => inboundSources.id, { onDelete: 'cascade' }),
    receivedAt: tz('received_at').notNull().defaultNow(),
    /** The Standard Webhooks message id (webhook-id), when signed so: a message sent again is known. */
    messageId: text('message_id'),
    /** logged | updated | deleted | unchanged | kept | refused */
    result: text('result').notNull(),
    refusal: text('refusal'),
    reason: text('reason'),
    externalId: text('external_id'),
    activityId: uuid('activity_id'),
    /** The JSON received; null when it was too large or not JSON. */
    body: jsonb('body'),
  },
  (t) => [
    index('inbound_payloads_source_idx').on(t.companyId, t.sourceId, t.receivedAt),
    uniqueIndex('inbound_payloads_message_uq')
      .on(t.companyId, t.sourceId, t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

/** Which activity a source's record became: the same external id again updates or deletes it. */
export const inboundLinks = pgTable(
  'inbound_links',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => inboundSources.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    /** Gone with the activity: deleted in Dealboard, a record sent again is not logged again (its client key says so). */
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.sourceId, t.externalId] }), index('inbound_links_activity_idx').on(t.activityId)],
);

/**
 * The same rollup by member and calendar month (migration 0071): a month of a company's own types read
 * as a row per member, type and outcome instead of one per working day. Kept from
 * activity_type_day_stats by its trigger (whatever writes a day's row, the month's follows), never
 * written directly; what the KPIs read and nothing else (no bonus).
 */
export const activityTypeMonthStats = pgTable(
  'activity_type_month_stats',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    typeId: uuid('type_id').notNull(),
    outcomeId: text('outcome_id').notNull().default(''),
    activities: integer('activities').notNull().default(0),
    points: integer('points').notNull().default(0),
    sums: jsonb('sums').$type<Record<string, number>>().notNull().default({}),
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    mins: jsonb('mins').$type<Record<string, number>>().notNull().default({}),
    maxes: jsonb('maxes').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.month, t.userId, t.typeId, t.outcomeId] }),
    foreignKey({ columns: [t.companyId, t.typeId], foreignColumns: [activityTypes.companyId, activityTypes.id] }).onDelete('cascade'),
  ],
);

export const goals = pgTable(
  'goals',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dailyCalls: integer('daily_calls').notNull().default(0),
    dailyMeetings: integer('daily_meetings').notNull().default(0),
    dailySales: integer('daily_sales').notNull().default(0),
    /** A daily goal on each of the company's own types, by type id (decision 106); none: {}. */
    typeGoals: jsonb('type_goals').$type<Record<string, number>>().notNull().default({}),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull().unique(),
    createdBy: text('created_by').$type<UserId>(),
    expiresAt: tz('expires_at').notNull(),
    role: text('role').notNull().default('user'),
    usedBy: text('used_by').$type<UserId>(),
    usedAt: tz('used_at'),
    /** Invitations by e-mail (decision 042): the address, when its link was first opened, how often it was mailed. */
    email: text('email'),
    /**
     * The team the invited person joins (decision 044); the foreign key to teams (company_id, id),
     * ON DELETE SET NULL of this column alone, is hand-written in migration 0026.
     */
    teamId: uuid('team_id'),
    openedAt: tz('opened_at'),
    sentCount: integer('sent_count').notNull().default(0),
    lastSentAt: tz('last_sent_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('invitations_company_created_idx').on(t.companyId, t.createdAt.desc())],
);

export const kpiRules = pgTable(
  'kpi_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kpiKey: text('kpi_key').notNull(),
    basePoints: integer('base_points').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    multiplierValue: numeric('multiplier_value', { precision: 12, scale: 6, mode: 'number' }).notNull().default(0),
    /** daily_call_bonus_20 only: the calls in a day that earn it (decision 108); null elsewhere. */
    threshold: integer('threshold'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kpi_rules_company_key_uq').on(t.companyId, t.kpiKey),
    // A number of calls on the daily call bonus alone (decision 108); the service says so in words first.
    check(
      'kpi_rules_threshold_ck',
      sql`${t.threshold} IS NULL OR (${t.kpiKey} = 'daily_call_bonus_20' AND ${t.threshold} BETWEEN 2 AND 1000)`,
    ),
  ],
);

export const wrapups = pgTable(
  'wrapups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    meetings: integer('meetings').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    points: integer('points').notNull().default(0),
    good: text('good'),
    improve: text('improve'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wrapups_company_user_date_uq').on(t.companyId, t.userId, t.date)],
);

/** Per-company settings: the sign-up access code and policy. */
export const appSettings = pgTable('app_settings', {
  companyId: uuid('company_id')
    .$type<CompanyId>()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  accessCode: text('access_code'),
  signupPolicy: text('signup_policy').notNull().default('open'),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * Read-only display links for wall screens (TV mode without signing in). Only a SHA-256 hash of
 * the secret token is stored; the token is shown once when created.
 */
export const displayLinks = pgTable(
  'display_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /**
     * The team whose people the wall shows, or null for the whole company. A foreign key to the
     * company's team is hand-written in migration 0027: deleting the team sets it back to null.
     */
    teamId: uuid('team_id'),
    /**
     * The playlist the wall rotates through (decision 052), or null for today's leaderboard alone.
     * A foreign key to the company's playlist is hand-written in its migration: deleting the
     * playlist sets it back to null.
     */
    playlistId: uuid('playlist_id'),
    /** The language this wall speaks over the company's (decision 079); null: the company's. */
    language: text('language'),
    tokenHash: text('token_hash').notNull().unique(),
    createdBy: text('created_by').$type<UserId>(),
    createdAt: tz('created_at').notNull().defaultNow(),
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
  },
  (t) => [
    index('display_links_company_idx').on(t.companyId, t.createdAt.desc()),
    check('display_links_language_ck', sql`${t.language} in ('en', 'nb', 'sv', 'da')`),
  ],
);

/**
 * TV playlists (decision 052): the screens a wall rotates through, in order, each with its seconds.
 * The screens are one JSON array, validated by the contract (TvScreenSchema) on every write: a
 * playlist is always read and written whole, and a new screen kind needs no migration.
 */
export const tvPlaylists = pgTable(
  'tv_playlists',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    screens: jsonb('screens').$type<unknown[]>().notNull(),
    createdBy: text('created_by').$type<UserId>(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/**
 * What admins did (role changes, removals, rule changes, invitations, display links, exports,
 * erasures): append-only, read by the company's admins in the console. The actor is kept as an id
 * with no foreign key so the record outlives the account; names are looked up when read.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The user who acted; null for the system (for example a recurring job). */
    actorUserId: text('actor_user_id').$type<UserId>(),
    /** A dotted verb, for example 'member.role_changed' (see core/contracts/audit.ts). */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** What changed, for example { from: 'user', to: 'admin' }. Never a secret or a password. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_company_created_idx').on(t.companyId, t.createdAt.desc())],
);

/** Raw bytes. pg hands back a Buffer and PGlite a Uint8Array: both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Uploaded profile pictures (decision 023), already re-encoded by the server (256x256 WebP, no
 * metadata). One per member: a new upload replaces the old row. The random id is the capability
 * in the public GET /api/v1/avatars/{id} (a signed-out wall screen shows the pictures).
 */
export const avatarImages = pgTable(
  'avatar_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('avatar_images_company_user_uq').on(t.companyId, t.userId)],
);

/**
 * Personal access tokens for the public API (decision 035). Only a SHA-256 hash of the secret is
 * stored (the secret is 256 random bits, so a fast hash is enough; it is shown once, at creation).
 * A token acts as its member in this company: the lookup (app_api_token_actor, migration 0014)
 * also requires the membership to be active, and removing the member deletes their tokens.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The lookup key of every API call: unique across companies, since the company is not known before it. */
    tokenHash: text('token_hash').notNull().unique(),
    /** dbp_...a1B2: recognisable in a list, useless to a reader. */
    hint: text('hint').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: tz('expires_at'),
    /** Written at most once a minute per token (the first request of each rate-limit window). */
    lastUsedAt: tz('last_used_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('api_tokens_company_user_idx').on(t.companyId, t.userId, t.createdAt.desc())],
);

/**
 * Spreadsheet imports (decision 039). An uploaded file is parsed once and its cells kept (in
 * `import_slices`) while the admin maps and previews it, so committing needs no second upload; a
 * preview expires (`expiresAt`) and its cells are dropped when it is committed. The row stays as the
 * import's history (who, when, which file, how many rows, undone or not). created_by has no
 * foreign key: the history outlives the account, as the audit log's. A commit and an undo write in
 * slices, each its own transaction (decision 084): meanwhile the status says so and `workingUntil`
 * is renewed with every slice; one whose time ran out was interrupted (its server stopped) and the
 * server's import worker finishes it.
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').$type<UserId>(),
    /** 'activities' or 'customers'. */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    /** 'preview', 'committing', 'committed', 'undoing' or 'undone'. */
    status: text('status').notNull().default('preview'),
    /** The file's header cells. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    /** Rows written by the commit (failing rows skipped at the admin's choice are not). */
    importedCount: integer('imported_count').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    committedAt: tz('committed_at'),
    undoneAt: tz('undone_at'),
    undoneBy: text('undone_by').$type<UserId>(),
    /** While committing or undoing: renewed with every slice; passed, the work was interrupted. */
    workingUntil: tz('working_until'),
    /**
     * An activities import's (member, day) pairs and rows on each, written when its commit starts:
     * an undo (or taking back a commit) goes through them a slice at a time without first grouping
     * all of the import's rows. Null for imports committed before decision 084.
     */
    days: jsonb('days').$type<{ userId: string; localDate: string; rows: number }[] | null>(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('imports_company_created_idx').on(t.companyId, t.createdAt.desc()),
    index('imports_working_idx')
      .on(t.workingUntil)
      .where(sql`${t.workingUntil} is not null`),
  ],
);

/**
 * An uploaded file's data rows while it is a preview (decision 084): a few thousand rows a slice,
 * as JSON text (a string[][]), each written and read in a statement of its own so that a 100,000-row
 * file never holds the database (on PGlite, the server's one thread) for more than a moment. Text,
 * not jsonb: the rows are only ever read whole, and text is stored and read several times faster.
 */
export const importSlices = pgTable(
  'import_slices',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 0, 1, 2, … in the file's order. */
    slice: integer('slice').notNull(),
    /** How many rows this slice holds. */
    rowCount: integer('row_count').notNull(),
    cells: text('cells').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.slice] })],
);

/**
 * Where a company's events go (decision 037). kind: 'webhook' (signed Standard Webhooks) today;
 * Slack and Teams incoming webhooks will be kinds of their own on the same outbox.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('webhook'),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    /** whsec_ + base64 of 24 random bytes: the server signs with it, so it is kept as is (shown to admins). */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'failing': the server turned it off after a delivery failed for a day; null when an admin did. */
    disabledReason: text('disabled_reason'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    /** Slack and Teams (decision 038): the channel's language (en, nb, sv, da); null for signed webhooks. */
    chatLanguage: text('chat_language'),
    /** Slack and Teams: what the channel gets, ChatChoices ({ sales, goals, dailySummary }). */
    chatChoices: jsonb('chat_choices'),
    /** Slack and Teams with the daily summary on: when it is next due, and the local day it sums up. */
    nextSummaryAt: tz('next_summary_at'),
    nextSummaryDate: date('next_summary_date', { mode: 'string' }),
  },
  (t) => [
    index('webhook_endpoints_company_idx').on(t.companyId, t.createdAt),
    check('webhook_endpoints_kind_check', sql`${t.kind} in ('webhook', 'slack', 'teams')`),
    // The summary poller's scan across companies: only the chat endpoints with a summary due.
    index('webhook_endpoints_summary_due_idx')
      .on(t.nextSummaryAt)
      .where(sql`${t.nextSummaryAt} is not null`),
  ],
);

/**
 * The outbox: one row per event and endpoint, written in the transaction of the change (decision
 * 037). seq orders an endpoint's deliveries; only the oldest open one of an endpoint is sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    eventType: text('event_type').notNull(),
    /** The signed body exactly as sent: {"type","timestamp","data"}. */
    body: text('body').notNull(),
    /** pending (waits for next_attempt_at), sending (claimed until lease_until), succeeded, failed (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at'),
    leaseUntil: tz('lease_until'),
    firstAttemptAt: tz('first_attempt_at'),
    lastAttemptAt: tz('last_attempt_at'),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    createdAt: tz('created_at').notNull().defaultNow(),
    /** A chat daily summary: the local day it sums up (at most one summary per endpoint and day). */
    summaryDate: date('summary_date', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_summary_once_idx')
      .on(t.endpointId, t.summaryDate)
      .where(sql`${t.summaryDate} is not null`),
    index('webhook_deliveries_endpoint_idx').on(t.companyId, t.endpointId, t.seq.desc()),
    // The delivery worker's scan across companies: only the open deliveries, by endpoint and order.
    index('webhook_deliveries_open_idx')
      .on(t.endpointId, t.seq)
      .where(sql`${t.status} in ('pending', 'sending')`),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'succeeded', 'failed')`),
  ],
);

/**
 * A company's working calendar (decision 043): which country's public holidays are days off. No row
 * is the default, Norway. Kept beside companies rather than on it so the calendar has one owner.
 */
export const companyCalendars = pgTable(
  'company_calendars',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    country: text('country').notNull().default('NO'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('company_calendars_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`)],
);

/** The company's own days off (a summer closure, Christmas Eve), beside weekends and public holidays. */
export const companyDaysOff = pgTable(
  'company_days_off',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/**
 * Targets set by managers (decision 043): a number per subject, metric and period, in force from
 * `effective_from` until a newer one for the same subject, metric and period takes over, or until
 * `ends_on` (the first day it is no longer in force). Rows are never rewritten after their day has
 * passed, so a past period keeps the target it had. The subject is a person today; a team becomes
 * another `subject_kind` with its own column.
 */
export const targets = pgTable(
  'targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind').notNull().default('person'),
    userId: text('user_id')
      .$type<UserId>()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** A team target's team (subject_kind 'team'); its progress is the team's members' (decision 044). */
    teamId: uuid('team_id'),
    metric: text('metric').notNull(),
    /** A `kpi` target's KPI (a company KPI's id or a built-in one's key, decision 104); '' for a built-in metric. */
    kpiId: text('kpi_id').notNull().default(''),
    period: text('period').notNull(),
    /** Whole units of the metric; sales value (and a KPI written as money) in minor units of the company currency. */
    value: bigint('value', { mode: 'number' }).notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    createdBy: text('created_by').$type<UserId>(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('targets_subject_effective_idx').on(t.companyId, t.subjectKind, t.userId, t.metric, t.kpiId, t.period, t.effectiveFrom),
    uniqueIndex('targets_team_effective_idx').on(t.companyId, t.subjectKind, t.teamId, t.metric, t.kpiId, t.period, t.effectiveFrom),
    index('targets_company_user_idx').on(t.companyId, t.userId),
    index('targets_company_team_idx').on(t.companyId, t.teamId),
    // A team's targets go with the team (teams are deleted, not archived: decision 040).
    foreignKey({ columns: [t.companyId, t.teamId], foreignColumns: [teams.companyId, teams.id] }).onDelete('cascade'),
    check(
      'targets_subject_check',
      sql`(${t.subjectKind} = 'person' and ${t.userId} is not null and ${t.teamId} is null) or (${t.subjectKind} = 'team' and ${t.teamId} is not null and ${t.userId} is null)`,
    ),
    check(
      'targets_metric_check',
      sql`${t.metric} in ('calls', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points', 'kpi')`,
    ),
    check('targets_kpi_check', sql`(${t.metric} = 'kpi') = (${t.kpiId} <> '')`),
    check('targets_period_check', sql`${t.period} in ('day', 'week', 'month')`),
    check('targets_value_check', sql`${t.value} > 0`),
    check('targets_ends_check', sql`${t.endsOn} is null or ${t.endsOn} > ${t.effectiveFrom}`),
  ],
);

/**
 * The weekly digest's claim (decision 047): one row per company and ISO week (the Monday it
 * starts). The instance whose insert makes the row sends that week's digests; another instance's
 * insert conflicts and passes, and an instance that died mid-run leaves a lease another takes over.
 */
export const digestWeeks = pgTable(
  'digest_weeks',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The Monday of the week the digest sums up. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    /** 'sending' while an instance holds it, 'sent' once every digest went out. */
    status: text('status').notNull().default('sending'),
    /** A 'sending' row whose lease ended was left by an instance that stopped: another takes it over. */
    leaseUntil: tz('lease_until').notNull(),
    recipients: integer('recipients').notNull().default(0),
    createdAt: tz('created_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.weekStart] }), check('digest_weeks_status_check', sql`${t.status} in ('sending', 'sent')`)],
);

/**
 * Coaching (decision 045): when each viewer last opened a wrap-up, so a lead's list shows unread
 * ones first. A wrap-up is unread again once it is saved again or someone else comments on it
 * after that moment. Only the viewer's own rows are visible.
 */
export const wrapupReads = pgTable(
  'wrapup_reads',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    wrapupId: uuid('wrapup_id')
      .notNull()
      .references(() => wrapups.id, { onDelete: 'cascade' }),
    /** The reader. */
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: tz('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId, t.wrapupId] })],
);

/**
 * Coaching (decision 045): the conversation on one wrap-up between its author and the people who
 * manage them. `user_id` is the wrap-up's author (whose thread it is; the NOTIFY names them),
 * `author_id` who wrote this comment.
 */
export const wrapupComments = pgTable(
  'wrapup_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    wrapupId: uuid('wrapup_id')
      .notNull()
      .references(() => wrapups.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wrapup_comments_company_wrapup_idx').on(t.companyId, t.wrapupId, t.createdAt),
    index('wrapup_comments_company_user_idx').on(t.companyId, t.userId, t.createdAt.desc()),
  ],
);

/**
 * Coaching (decision 045): private 1:1 notes about a rep, and the follow-ups of their agenda
 * (kind 'follow_up', checked off with done_at). Seen and written by the rep's team leads and the
 * company's admins, never by the rep.
 */
export const coachingNotes = pgTable(
  'coaching_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The rep the note is about. */
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'note' or 'follow_up'. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    doneAt: tz('done_at'),
    doneBy: text('done_by').$type<UserId>(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('coaching_notes_company_user_idx').on(t.companyId, t.userId, t.createdAt.desc()),
    check('coaching_notes_kind_check', sql`${t.kind} in ('note', 'follow_up')`),
    check('coaching_notes_done_check', sql`${t.kind} = 'follow_up' or ${t.doneAt} is null`),
  ],
);

/**
 * What happened on the sales floor besides an activity, announced once (decision 048): a contest
 * started, changed leader or finished, a badge was earned, a goal was reached, a record was broken.
 * Written by the module that noticed it, in the transaction of the change; read by the dashboard's
 * feed, the TV and its celebrations, live through the NOTIFY that carries the kind. Rows are not
 * changed after they are written. `data` is the kind's own shape (core/contracts/feed.ts).
 */
export const feedEvents = pgTable(
  'feed_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The member it is about (the badge's earner, the contest's leader), if one. */
    userId: text('user_id')
      .$type<UserId>()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The team it is about (a team contest), if one: a team-filtered board or TV shows it. */
    teamId: uuid('team_id'),
    /** What it is about: the contest's or the badge's id, for links and once-only checks. */
    subjectId: text('subject_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('feed_events_company_created_idx').on(t.companyId, t.createdAt.desc())],
);

/**
 * Badges members earned (decision 050): facts written once, in the transaction of the write that
 * earned them. Unique per member, kind and occasion ('' for once ever, an ISO week, a day, a month,
 * a contest's id), so concurrent writes insert one and the rest meet ON CONFLICT DO NOTHING.
 */
export const badges = pgTable(
  'badges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    occasion: text('occasion').notNull().default(''),
    /** The company-local day of the write that earned it. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    /** The kind's numbers (core/contracts/badges.ts), never a name. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    earnedAt: tz('earned_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('badges_once_idx').on(t.companyId, t.userId, t.kind, t.occasion),
    index('badges_company_earned_idx').on(t.companyId, t.earnedAt.desc()),
  ],
);

/**
 * A company's own badges (decision 107): earned by a member whose KPI reaches `threshold` within a
 * day, ISO week or month; each is earned once per member and period (badges, kind 'company').
 */
export const companyBadges = pgTable(
  'company_badges',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    icon: text('icon').$type<ActivityTypeIcon>().notNull(),
    colour: text('colour').$type<ActivityTypeColour>().notNull(),
    /** A company KPI's id or a built-in one's key (no foreign key: a deleted KPI awards nothing). */
    kpiId: text('kpi_id').notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    period: text('period').$type<CompanyBadgePeriod>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    check('company_badges_period_ck', sql`${t.period} in ('day','week','month','ever')`),
    check('company_badges_threshold_ck', sql`${t.threshold} > 0`),
  ],
);

/** The badges a company has switched off (decision 050): one row per company, the kinds not awarded. */
export const badgeSettings = pgTable('badge_settings', {
  companyId: uuid('company_id')
    .$type<CompanyId>()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  disabledKinds: text('disabled_kinds')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * Contests (decision 049): a competition over local days [starts_on, ends_on] among everyone,
 * chosen teams or chosen people, scored from the daily rollups by `weights` (one metric, or a mix),
 * or by one KPI (`kpi_id`: a company KPI's id or a built-in one's key, decision 103).
 * The scheduler moves `status` from 'scheduled' to 'running' to 'finished' (each step once, under a
 * row lock), keeps `leader_ids` to notice lead changes, and stores `winners` when it finishes.
 * Rounds of a recurring contest share `series_id` (the first round's id); one round per start day.
 */
export const contests = pgTable(
  'contests',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    seriesId: uuid('series_id').notNull(),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** 'everyone', 'teams' (team_ids) or 'people' (user_ids). */
    participants: text('participants').notNull(),
    teamIds: uuid('team_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    userIds: text('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** 'individual' or 'team' (team against team). */
    mode: text('mode').notNull(),
    /** [{ metric, weight }]: the score is Σ weight × the metric's rollup total. */
    weights: jsonb('weights').$type<{ metric: string; weight: number }[]>().notNull(),
    /** The KPI that scores it instead of weights (decision 103); kept when the KPI is deleted (no score then). */
    kpiId: text('kpi_id'),
    target: bigint('target', { mode: 'number' }),
    prizes: text('prizes').notNull().default(''),
    /** 'none', 'weekly' or 'monthly': the next round is made when this one finishes. */
    recurrence: text('recurrence').notNull().default('none'),
    template: text('template'),
    status: text('status').notNull().default('scheduled'),
    /** Who leads now (user or team ids), as last announced. */
    leaderIds: text('leader_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** [{ subjectId, score }] once finished: everyone sharing first place with a score above zero. */
    winners: jsonb('winners').$type<{ subjectId: string; score: number }[]>(),
    createdBy: text('created_by').$type<UserId>(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    uniqueIndex('contests_series_round_uq').on(t.companyId, t.seriesId, t.startsOn),
    index('contests_company_ends_idx').on(t.companyId, t.endsOn.desc()),
    index('contests_company_open_idx')
      .on(t.companyId, t.startsOn)
      .where(sql`${t.status} <> 'finished'`),
    check('contests_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('contests_participants_check', sql`${t.participants} in ('everyone', 'teams', 'people')`),
    check('contests_mode_check', sql`${t.mode} in ('individual', 'team')`),
    check('contests_recurrence_check', sql`${t.recurrence} in ('none', 'weekly', 'monthly')`),
    check('contests_status_check', sql`${t.status} in ('scheduled', 'running', 'finished')`),
    check('contests_target_check', sql`${t.target} is null or ${t.target} > 0`),
    check('contests_counts_check', sql`(${t.kpiId} is null) = (jsonb_array_length(${t.weights}) > 0)`),
  ],
);

/**
 * What the company celebrates on its TVs and in the app (decision 051): one row per company,
 * written by admins; absent until an admin saves, when the defaults apply (every kind on, any sale,
 * no sound, confetti). `sale_minimum` is in minor units of the company's currency.
 */
export const celebrationSettings = pgTable(
  'celebration_settings',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    sales: boolean('sales').notNull().default(true),
    saleMinimum: bigint('sale_minimum', { mode: 'number' }).notNull().default(0),
    // What a sale's card on the wall names besides the person (decision 078).
    showSaleAmount: boolean('show_sale_amount').notNull().default(true),
    showSaleCustomer: boolean('show_sale_customer').notNull().default(true),
    meetings: boolean('meetings').notNull().default(true),
    goals: boolean('goals').notNull().default(true),
    records: boolean('records').notNull().default(true),
    contests: boolean('contests').notNull().default(true),
    badges: boolean('badges').notNull().default(true),
    sound: boolean('sound').notNull().default(false),
    style: text('style').notNull().default('confetti'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('celebration_settings_sale_minimum_check', sql`${t.saleMinimum} >= 0`),
    check('celebration_settings_style_check', sql`${t.style} IN ('confetti', 'spotlight', 'banner')`),
  ],
);

/**
 * Reactions to a feed item (decision 051): a member's emoji on an activity or a feed event, one row
 * per (item, member, emoji), toggled by its member. Exactly one of the item columns is set; the
 * reaction goes with its item.
 */
export const feedReactions = pgTable(
  'feed_reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    feedEventId: uuid('feed_event_id').references(() => feedEvents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('feed_reactions_one_item_check', sql`num_nonnulls(${t.activityId}, ${t.feedEventId}) = 1`),
    uniqueIndex('feed_reactions_item_user_emoji_idx').on(t.companyId, sql`coalesce(${t.activityId}, ${t.feedEventId})`, t.userId, t.emoji),
    index('feed_reactions_company_user_idx').on(t.companyId, t.userId),
    // Deleting an activity deletes its reactions (the foreign key's cascade): found by this index,
    // not by reading every reaction once per deleted activity (an undone import deletes thousands).
    index('feed_reactions_activity_idx')
      .on(t.activityId)
      .where(sql`${t.activityId} is not null`),
  ],
);

/**
 * Push notifications (decision 055): a member's browsers and phones that accepted Web Push, one row
 * per push endpoint. The push service's answer 404 or 410 removes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 key and auth secret (URL-safe base64): the message is encrypted for them. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the member sees in the list ("Chrome · Android"), from the User-Agent when subscribing. */
    label: text('label').notNull().default(''),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_company_endpoint_idx').on(t.companyId, t.endpoint),
    index('push_subscriptions_company_user_idx').on(t.companyId, t.userId),
  ],
);

/** A member's choices: which notifications, the wrap-up reminder's time, quiet hours (the company's zone). */
export const pushPreferences = pgTable(
  'push_preferences',
  {
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    contestStarted: boolean('contest_started').notNull().default(true),
    badgeEarned: boolean('badge_earned').notNull().default(true),
    wrapupComment: boolean('wrapup_comment').notNull().default(true),
    wrapupReminder: boolean('wrapup_reminder').notNull().default(false),
    /** HH:MM, the company's zone, working days only. */
    reminderTime: text('reminder_time').notNull().default('16:00'),
    /** HH:MM to HH:MM in the company's zone (may wrap past midnight); both null when there are none. */
    quietFrom: text('quiet_from'),
    quietTo: text('quiet_to'),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.userId] })],
);

/**
 * The push outbox (decision 055): one row per notification and member, written in the change's
 * transaction (a feed event, a comment) or by the reminder's scheduler, claimed by one instance
 * with FOR UPDATE SKIP LOCKED and sent to each of the member's subscriptions. `dedupeKey` makes a
 * notification at most once (a member's reminder of a day).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .$type<CompanyId>()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Ids and numbers the text is written from at send time, in the member's language. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    dedupeKey: text('dedupe_key'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    leaseUntil: tz('lease_until'),
    /** What happened: how many devices got it, why it was dropped. */
    outcome: text('outcome'),
    createdAt: tz('created_at').notNull().defaultNow(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    check('push_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'dropped', 'failed')`),
    check('push_outbox_kind_check', sql`${t.kind} in ('contest_started', 'badge_earned', 'wrapup_comment', 'wrapup_reminder')`),
    uniqueIndex('push_outbox_dedupe_idx').on(t.companyId, t.userId, t.dedupeKey),
    index('push_outbox_company_user_idx').on(t.companyId, t.userId, t.createdAt),
    // The worker's claim looks across companies (like the webhook deliveries' open index).
    index('push_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
  ],
);
