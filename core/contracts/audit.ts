import { z } from 'zod';
import { BadgeKindSchema } from './badges';
import { KpiKeySchema } from './kpi-rules';
import { RoleSchema, text } from './common';
import { InvitationStatusSchema } from './invitations';
import { SignupPolicySchema } from './settings';
import { ApiTokenScopeSchema } from './api-tokens';
import { EXPORT_FORMATS, EXPORT_KINDS } from './exports';
import { TARGET_MEASURES, TARGET_SUBJECT_KINDS } from './targets';
import { KPI_FORMATS } from './kpis';
import { TARGET_PERIODS } from '../pacing/target-periods';
import { CELEBRATION_STYLES } from './celebrations';

/** The kinds of endpoint the company's events leave through. */
const WebhookKindSchema = z.enum(['webhook', 'slack', 'teams']);

/**
 * What the audit log records: every admin action that changes who may do what, what counts, or
 * what leaves the company. A dotted verb per action; the console words each in the reader's language.
 */
export const AUDIT_ACTIONS = [
  'member.role_changed',
  'member.removed',
  'member.data_exported',
  'member.erased',
  'kpi_rule.changed',
  'invitation.created',
  'invitation.revoked',
  'display_link.created',
  'display_link.revoked',
  'display_link.playlist_changed',
  'tv_playlist.created',
  'tv_playlist.changed',
  'tv_playlist.deleted',
  'company.updated',
  'signup_policy.changed',
  'export.downloaded',
  'api_token.created',
  'api_token.revoked',
  'import.committed',
  'import.undone',
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'webhook.secret_rotated',
  'activity.logged_late',
  'activity.logged_for',
  'activity.corrected',
  'customer.merged',
  'customer.changed',
  'team.created',
  'team.renamed',
  'team.deleted',
  'team.leads_changed',
  'member.team_changed',
  'member.boards_changed',
  'target.set',
  'target.ended',
  'goals.set',
  'calendar.country_changed',
  'calendar.day_off_added',
  'calendar.day_off_removed',
  'badge.switched',
  'contest.created',
  'contest.updated',
  'contest.deleted',
  'celebrations.changed',
  'activity_type.created',
  'activity_type.changed',
  'activity_type.archived',
  'activity_type.restored',
  'activity_type.deleted',
  'kpi.created',
  'kpi.changed',
  'kpi.deleted',
  'company_badge.created',
  'company_badge.changed',
  'company_badge.deleted',
  'inbound_source.created',
  'inbound_source.changed',
  'inbound_source.deleted',
  'inbound_source.secret_rotated',
] as const;
export const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

/** What an entry is about; a member target's id is their user id. */
export const AUDIT_TARGET_TYPES = [
  'member',
  'kpi_rule',
  'invitation',
  'display_link',
  'company',
  'export',
  'import',
  'webhook',
  'customer',
  'team',
  'contest',
  'tv_playlist',
  'activity_type',
  'kpi',
  'company_badge',
  'inbound_source',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

// ---- details: what each action stores (written by the server, worded by the console) --------------

/** One field's value before and after. */
const change = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });

/** A type's or KPI's name as it was, in each language it had (older entries: `name` only). */
const namedDetails = z.object({ name: text(), names: z.record(text(), text()).optional() });

/*
 * People are kept as ids only (actor, target), never as names or e-mail addresses in details: the
 * log is append-only, so a name copied into it could never be erased. Names are looked up when read.
 * Secrets (access codes, invitation codes, display tokens) are never stored, only that they changed.
 */
export const AuditDetailsSchemas = {
  'member.role_changed': z.object({ from: RoleSchema, to: RoleSchema }),
  /** Put on the boards (true) or left off them (false), decision 081. */
  'member.boards_changed': z.object({ onBoards: z.boolean() }),
  'member.removed': z.object({ role: RoleSchema }),
  /** An admin downloaded a member's personal data (decision 022). */
  'member.data_exported': z.object({}),
  /**
   * A member's personal data was erased (decision 022): by an admin, or by the person deleting
   * their own account (then actor and target are the same id); whether the account went too.
   */
  'member.erased': z.object({ accountErased: z.boolean() }),
  'kpi_rule.changed': z.object({
    kpiKey: KpiKeySchema,
    changes: z.object({
      basePoints: change(z.number()).optional(),
      enabled: change(z.boolean()).optional(),
      multiplierValue: change(z.number()).optional(),
      /** The daily call bonus's number of calls (decision 108). */
      threshold: change(z.number().nullable()).optional(),
    }),
  }),
  /** `teamName`: the team the person joins (decision 044), as it was called then. */
  'invitation.created': z.object({ role: RoleSchema, expiresAt: text(), teamName: text().optional() }),
  /** Deleting an invitation: `status` says whether it still worked (active) or was used or expired. */
  'invitation.revoked': z.object({ role: RoleSchema, status: InvitationStatusSchema }),
  'display_link.created': z.object({ name: text() }),
  'display_link.revoked': z.object({ name: text() }),
  /** A link pointed at a playlist (decision 052): the link's name, the playlists' names then (null: today's board alone). */
  'display_link.playlist_changed': z.object({ name: text(), from: text().nullable(), to: text().nullable() }),
  /** TV playlists (decision 052): the name and how many screens; a rename keeps the old name. */
  'tv_playlist.created': z.object({ name: text(), screens: z.number().int() }),
  'tv_playlist.changed': z.object({ name: text(), screens: z.number().int(), renamedFrom: text().optional() }),
  'tv_playlist.deleted': z.object({ name: text() }),
  'company.updated': z.object({
    changes: z.object({
      name: change(text()).optional(),
      timezone: change(text()).optional(),
      currency: change(text()).optional(),
      lateLoggingDays: change(z.number()).optional(),
      language: change(text().nullable()).optional(),
    }),
  }),
  /**
   * An activity was logged for, or moved to, an earlier day (decision 041). The target is the
   * member whose activity it is; `from` is the day it was on before a move (absent for a new one).
   */
  'activity.logged_late': z.object({
    activityId: text(),
    type: text(),
    localDate: text(),
    from: text().optional(),
  }),
  /** A manager logged an activity on a member's behalf (decision 086); the target is that member. */
  'activity.logged_for': z.object({ activityId: text(), type: text(), localDate: text() }),
  /**
   * An admin or team lead changed or deleted another member's activity (decisions 041 and 086):
   * which fields changed (names only, never notes' text), the day it is on (and was on, for a
   * move), the member it was moved from and to (the target is the one it was moved from), and
   * the kind it had before it was made another.
   */
  'activity.corrected': z.object({
    activityId: text(),
    type: text(),
    operation: z.enum(['updated', 'deleted']),
    localDate: text(),
    from: text().optional(),
    fromUserId: text().optional(),
    toUserId: text().optional(),
    fromType: text().optional(),
    fields: z.array(text()),
  }),
  /** Two customers became one: the one kept (target), the one removed, and how many activities moved. */
  'customer.merged': z.object({ keptName: text(), mergedId: text(), mergedName: text(), activities: z.number().int() }),
  /**
   * A customer (the target) was renamed, archived or restored (decisions 041 and 086): its name
   * now, the name before a rename, and whether it was archived (true) or restored (false).
   */
  'customer.changed': z.object({ name: text(), renamedFrom: text().optional(), archived: z.boolean().optional() }),
  /** A spreadsheet import was written (decision 039): what it held and how many rows it wrote. */
  'import.committed': z.object({ kind: z.enum(['activities', 'customers']), rows: z.number().int(), skipped: z.number().int() }),
  /** An activities import was undone as a whole: how many activities went. */
  'import.undone': z.object({ kind: z.enum(['activities', 'customers']), rows: z.number().int() }),
  'signup_policy.changed': z.object({
    policy: change(SignupPolicySchema).optional(),
    /** Never the code: whether one was set where there was none, replaced, or removed. */
    accessCode: z.enum(['set', 'changed', 'removed']).optional(),
  }),
  /**
   * A file of the company's data left through an export (decision 034): what, in which format, of
   * which local days. The target is the one member it was about, or the company for everyone's.
   */
  'export.downloaded': z.object({
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    from: text().optional(),
    to: text().optional(),
  }),
  /**
   * A personal access token was made (decision 035): a key to the member's data from outside. The
   * target is its owner; never the secret or its hash.
   */
  'api_token.created': z.object({ name: text(), scopes: z.array(ApiTokenScopeSchema), expiresAt: text().nullable() }),
  /** A token was revoked, by its owner or by an admin (then actor and target differ). */
  'api_token.revoked': z.object({ name: text() }),
  /*
   * Where the company's events go (decisions 037, 038): a signed webhook endpoint, or a Slack or
   * Teams channel. Only the URL's host is kept: a chat URL is the channel's secret, and a webhook
   * URL may carry a token in its path or query.
   */
  'webhook.created': z.object({ kind: WebhookKindSchema, host: text(), events: z.array(text()) }),
  /** Which fields changed; for the on/off switch also the new state. */
  'webhook.changed': z.object({
    kind: WebhookKindSchema,
    host: text(),
    fields: z.array(z.enum(['url', 'events', 'enabled', 'description', 'language', 'choices'])),
    enabled: z.boolean().optional(),
  }),
  'webhook.deleted': z.object({ kind: WebhookKindSchema, host: text() }),
  /** A new signing secret (never the secret). */
  'webhook.secret_rotated': z.object({ host: text() }),
  /*
   * Inbound sources (decision 120): a system that logs for the company's members. Its name; never its
   * secret; of a change, which fields changed and the on/off state after it.
   */
  'inbound_source.created': z.object({ name: text(), signature: text() }),
  'inbound_source.changed': z.object({
    name: text(),
    fields: z.array(z.enum(['name', 'signatureHeader', 'mapping', 'enabled'])),
    enabled: z.boolean(),
  }),
  'inbound_source.deleted': z.object({ name: text() }),
  'inbound_source.secret_rotated': z.object({ name: text() }),
  /*
   * Teams, targets, goals set by a manager and the working calendar (decision 044). A team's
   * entries name the team (its name then: a team's name is no one's personal data); leads are ids.
   */
  'team.created': z.object({ name: text() }),
  'team.renamed': z.object({ from: text(), to: text() }),
  'team.deleted': z.object({ name: text() }),
  'team.leads_changed': z.object({ name: text(), added: z.array(text()), removed: z.array(text()) }),
  /** The target is the member; the teams are named as they were called then (null: no team). */
  'member.team_changed': z.object({ from: text().nullable(), to: text().nullable() }),
  /** The target is the member, or the team (then `teamName`). */
  'target.set': z.object({
    subjectKind: z.enum(TARGET_SUBJECT_KINDS),
    teamName: text().optional(),
    metric: z.enum(TARGET_MEASURES),
    /** A KPI target's KPI (decision 104): its id, its name (in English, else the first there is) and its format then. */
    kpiId: text().optional(),
    kpiName: text().optional(),
    kpiNames: z.record(text(), text()).optional(),
    kpiFormat: z.enum(KPI_FORMATS).optional(),
    period: z.enum(TARGET_PERIODS),
    value: z.number(),
    effectiveFrom: text(),
  }),
  /** `removed`: it had not started, so it was deleted rather than ended. */
  'target.ended': z.object({
    subjectKind: z.enum(TARGET_SUBJECT_KINDS),
    teamName: text().optional(),
    metric: z.enum(TARGET_MEASURES),
    kpiId: text().optional(),
    kpiName: text().optional(),
    kpiNames: z.record(text(), text()).optional(),
    kpiFormat: z.enum(KPI_FORMATS).optional(),
    period: z.enum(TARGET_PERIODS),
    value: z.number(),
    removed: z.boolean(),
  }),
  /** A lead or admin set a member's daily goals (the target); the goals now. */
  'goals.set': z.object({
    dailyCalls: z.number(),
    dailyMeetings: z.number(),
    dailySales: z.number(),
    /** The goals on own types as set (decision 106), each with the type's names then; absent when left as they were. */
    types: z.array(z.object({ typeId: text(), names: z.record(text(), text()), goal: z.number() })).optional(),
  }),
  'calendar.country_changed': z.object({ from: text(), to: text() }),
  'calendar.day_off_added': z.object({ date: text(), label: text() }),
  'calendar.day_off_removed': z.object({ date: text(), label: text() }),
  /** An admin switched a badge on or off (decision 050). */
  'badge.switched': z.object({ kind: BadgeKindSchema, enabled: z.boolean() }),
  /** A contest (decision 049), as named when it was made, changed or deleted; its dates. */
  'contest.created': z.object({ name: text(), startsOn: text(), endsOn: text() }),
  /** The fields that changed (names of fields only: a contest holds no personal data). */
  'contest.updated': z.object({ name: text(), fields: z.array(text()) }),
  'contest.deleted': z.object({ name: text(), startsOn: text(), endsOn: text() }),
  /** What the TVs and the app celebrate (decision 051): each changed setting, before and after. */
  'celebrations.changed': z.object({
    sales: change(z.boolean()).optional(),
    saleMinimum: change(z.number()).optional(),
    showSaleAmount: change(z.boolean()).optional(),
    showSaleCustomer: change(z.boolean()).optional(),
    meetings: change(z.boolean()).optional(),
    goals: change(z.boolean()).optional(),
    records: change(z.boolean()).optional(),
    contests: change(z.boolean()).optional(),
    badges: change(z.boolean()).optional(),
    sound: change(z.boolean()).optional(),
    style: change(z.enum(CELEBRATION_STYLES)).optional(),
  }),
  /**
   * A company's own activity types (decision 100) and KPIs (decision 101), named as they were then (a
   * type's name is no one's personal data): `name` in English or the first there is, `names` in each
   * language, so the log reads in the reader's.
   */
  'activity_type.created': namedDetails,
  'activity_type.changed': namedDetails,
  'activity_type.archived': namedDetails,
  'activity_type.restored': namedDetails,
  'activity_type.deleted': namedDetails,
  'kpi.created': namedDetails,
  'kpi.changed': namedDetails,
  'kpi.deleted': namedDetails,
  /** A company's own badges (decision 107), named as they were then. */
  'company_badge.created': namedDetails,
  'company_badge.changed': namedDetails,
  'company_badge.deleted': namedDetails,
} as const;
type DetailedAction = keyof typeof AuditDetailsSchemas;
export type AuditDetails<A extends DetailedAction> = z.infer<(typeof AuditDetailsSchemas)[A]>;

// ---- GET /api/v1/admin/audit-log -----------------------------------------------------------------

export const AUDIT_LOG_PAGE_DEFAULT = 50;
export const AUDIT_LOG_PAGE_MAX = 100;

export const AuditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(AUDIT_LOG_PAGE_MAX, `limit must be at most ${AUDIT_LOG_PAGE_MAX}`)
    .optional()
    .default(AUDIT_LOG_PAGE_DEFAULT),
  /** nextCursor of the page before: entries older than that one. */
  cursor: z.uuid({ message: 'Not a cursor from this list' }).optional(),
  action: AuditActionSchema.optional(),
});
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;

/**
 * Who acted. `member`: an active member (name); `removed`: removed from the company, name kept;
 * `former`: no longer known here (account deleted or erased); `system`: no person.
 */
export const AuditActorSchema = z.object({
  id: text().nullable(),
  name: text().nullable(),
  state: z.enum(['member', 'removed', 'former', 'system']),
});
export type AuditActor = z.infer<typeof AuditActorSchema>;

export const AuditTargetSchema = z.object({
  type: text(),
  id: text().nullable(),
  /** A human label where cheap: the member's name, the rule's KPI key, the link's name; null when unknown. */
  label: text().nullable(),
  /** For members: whether they were removed since (their name stays); null for other targets. */
  removed: z.boolean().nullable(),
});
export type AuditTarget = z.infer<typeof AuditTargetSchema>;

export const AuditEntrySchema = z.object({
  id: text(),
  action: AuditActionSchema,
  actor: AuditActorSchema,
  target: AuditTargetSchema.nullable(),
  /** The action's details (see AuditDetailsSchemas); other actions may carry their own. */
  details: z.record(text(), z.unknown()),
  /** When it happened (ISO 8601, UTC). */
  at: text(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogPageSchema = z.object({
  /** Newest first. */
  entries: z.array(AuditEntrySchema),
  /** Pass as `cursor` for the next (older) page; null when this was the last. */
  nextCursor: text().nullable(),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
