import type { AuditAction, RankBy, RecentActivitiesQuery, ScoreboardPeriodKind } from '@core/contracts';
import type { LeaderboardSortKey } from '@core/stats';
import type { ApiQuery } from './api';

/*
 * Every query key of the web app, in one place. A key's first part is its family: a live change
 * refreshes whole families (LIVE_REFRESHES in ./realtime.ts is built from the `all` keys here), and
 * a write invalidates the families or keys it changes. A new query takes its key from here, under
 * the family whose changes should refetch it.
 */

/** The leaderboard's query: a local period, the sort, at most `limit` rows, only members who logged something. */
export type LeaderboardQuery = {
  period: 'today' | 'yesterday' | 'week' | 'month';
  sort: LeaderboardSortKey;
  /** At most this many rows; every member when absent. */
  limit?: number;
  /** Only members with at least one activity in the period. */
  activeOnly?: boolean;
  /** Only this team's members (decision 040). */
  teamId?: string;
  /** How the rows are ranked (decision 053); points when absent. */
  rankBy?: RankBy;
};

/** A team-stats period: a named one, or from/to dates (YYYY-MM-DD) for custom. */
export type TeamStatsQuery = ({ period: Exclude<ScoreboardPeriodKind, 'custom'> } | { period: 'custom'; from: string; to: string }) & {
  teamId?: string;
};

/** Which contact requests the Inbox lists. */
export type ContactRequestStatusFilter = NonNullable<ApiQuery<'/api/v1/admin/contact-requests'>['status']>;

export type RecentActivitiesRequest = { limit: number; period?: RecentActivitiesQuery['period']; teamId?: string };

export const queryKeys = {
  /** The signed-in person (null when signed out); removed last on sign-out. */
  me: ['me'],
  publicConfig: ['public-config'],
  /** Who may create an account, as the signed-out join form may know it. */
  publicSignupPolicy: ['public', 'signup-policy'],
  invitationPreview: {
    all: ['invitation-preview'],
    byCode: (code: string) => ['invitation-preview', code] as const,
  },

  activities: {
    all: ['activities'],
    mineToday: ['activities', 'mine', 'today'],
    /** One's own activities of an earlier day (late logging, decision 041). */
    mineOfDay: (date: string) => ['activities', 'mine', date] as const,
    /** Which days the log dialogs offer: under 'activities', so a changed window reaches open dialogs. */
    loggingDays: ['activities', 'logging-days'],
    /** The logs kept on this device, not yet on the server (decision 054). */
    pending: (userId: string) => ['activities', 'pending', userId] as const,
  },
  myStats: {
    all: ['my-stats'],
    today: ['my-stats', 'today'],
  },
  /** The caller's targets with progress and pacing: every logged activity moves them. */
  myTargets: {
    all: ['my-targets'],
  },
  /** Targets set for people (Administration, Targets) and the company's working calendar. */
  targets: {
    all: ['targets'],
    list: ['targets', 'list'],
    /** Whom the viewer may set targets for, and their people's daily goals (decision 044). */
    subjects: ['targets', 'subjects'],
    teamGoals: ['targets', 'team-goals'],
    calendar: (language: string) => ['targets', 'calendar', language] as const,
    /** Each person's target for one KPI and period (the KPI board's "% of target"). */
    people: (query: { kpi: string; period: string; on?: string }) => ['targets', 'people', query] as const,
  },
  /** The company's point rules: the log dialogs (what each outcome is worth now) and the KPI Rules tab. */
  kpiRules: ['kpi-rules'],
  // The company's own activity types (decision 100): the log dialogs and the editor.
  activityTypes: ['activity-types'],
  // The company's KPIs (decision 101): the editor, and every screen that names one.
  kpis: ['kpis'],
  /** Boards (decision 102): the list and each board. */
  boards: {
    all: ['boards'],
    one: (id: string) => ['boards', id] as const,
  },
  /** The log dialogs' customer suggestions. */
  customerSuggestions: {
    all: ['customers'],
    matching: (term: string) => ['customers', 'suggest', term] as const,
  },

  /** Dashboards, reports and the TV: everything read from the daily rollups. */
  scoreboard: {
    all: ['scoreboard'],
    kpis: ['scoreboard', 'kpis'],
    /** A board's key for one team (decision 040), or the whole company's. */
    kpisOf: (teamId: string | undefined) => ['scoreboard', 'kpis', teamId ?? 'all'] as const,
    teamStats: (query: TeamStatsQuery) => ['scoreboard', 'team-stats', query] as const,
    leaderboard: (query: LeaderboardQuery) => ['scoreboard', 'leaderboard', query] as const,
    recentActivities: ({ limit, period, teamId }: RecentActivitiesRequest) =>
      ['scoreboard', 'recent-activities', { limit, period: period ?? 'all', teamId: teamId ?? 'all' }] as const,
    /** KPI values (decision 101): under the boards' family, so every logged activity refreshes them. */
    kpiValues: (query: { from: string; to: string; teamId?: string; byTeam?: 'true'; totalOnly?: 'true'; ids?: string }) =>
      ['scoreboard', 'kpi-values', query] as const,
    kpiSeries: (query: { id: string; from: string; to: string; teamId?: string }) => ['scoreboard', 'kpi-series', query] as const,
    weekly: ['scoreboard', 'weekly'],
    weeklyOf: (teamId: string | undefined, rankBy: RankBy = 'points') => ['scoreboard', 'weekly', teamId ?? 'all', rankBy] as const,
    monthly: (month: string | undefined, teamId?: string, rankBy: RankBy = 'points') =>
      ['scoreboard', 'monthly', month ?? 'current', teamId ?? 'all', rankBy] as const,
    companyPage: ['scoreboard', 'company'],
    companyPageOf: (teamId: string | undefined) => ['scoreboard', 'company', teamId ?? 'all'] as const,
    /** The company's teams side by side (decision 040). */
    teamComparison: (period: Exclude<ScoreboardPeriodKind, 'custom'>) => ['scoreboard', 'teams', period] as const,
    display: (token: string, rankBy: RankBy = 'points') => ['scoreboard', 'display', token, rankBy] as const,
    /** Every display link's boards and playlist screens (a playlist edited changes a message screen). */
    displays: ['scoreboard', 'display'],
    /** One screen of a display link's playlist (decision 052): under 'scoreboard', so a logged call refreshes it. */
    displayScreen: (token: string, screenId: string) => ['scoreboard', 'display', token, 'screen', screenId] as const,
    /** A page per rep (decision 046): under 'scoreboard', so every logged activity refreshes it. */
    person: (userId: string, funnel: string) => ['scoreboard', 'person', userId, funnel] as const,
    /** Every person's page at once (a target changed). */
    people: ['scoreboard', 'person'],
  },
  /** The company's teams (decision 040): the boards' filter, Administration → Teams, the members list. */
  teams: ['teams'],
  /** Not under 'scoreboard': logging a call does not change the list of links. */
  displayLinks: ['display-links'],
  /** The company's TV playlists (Admin → Integrations, decision 052). */
  tvPlaylists: ['tv-playlists'],
  /** The screens a display link's wall rotates through; not under 'scoreboard' (a call does not change them). */
  displayPlaylist: (token: string) => ['display-playlist', token] as const,
  displayPlaylists: ['display-playlist'],
  /** Slack and Teams channels (Admin → Integrations). */
  chatIntegrations: ['chat-integrations'],
  /** Inbound sources and what each sent (Admin → Connections, decision 120). */
  inboundSources: {
    all: ['inbound-sources'],
    list: ['inbound-sources', 'list'],
    payloads: (sourceId: string) => ['inbound-sources', 'payloads', sourceId] as const,
  },
  /** Signed webhook endpoints and each one's delivery log (Admin → Webhooks). */
  webhooks: {
    all: ['webhooks'],
    endpoints: ['webhooks', 'endpoints'],
    deliveries: (endpointId: string) => ['webhooks', 'deliveries', endpointId] as const,
  },

  wrapups: {
    all: ['wrapups'],
    today: ['wrapups', 'today'],
    history: ['wrapups', 'history'],
  },
  /** Coaching (decision 045): a lead's wrap-up list and reading view, the rep's conversations, 1:1 notes. */
  /** The floor's news besides activities (contests, badges, goals, records: decision 048). */
  feed: {
    all: ['feed'],
    /** The dashboard's feed: activities and feed events with their reactions (decision 051). */
    lists: ['feed', 'list'],
    list: (request: { limit: number; teamId?: string }) => ['feed', 'list', request.limit, request.teamId ?? ''] as const,
    /** A display link's wall: what it celebrates and its newest items (no sign-in). */
    display: (token: string) => ['feed', 'display', token] as const,
  },
  /** Badges (decision 050): the boards' recent ones and a member's; refreshed by every feed event. */
  badges: {
    all: ['badges'],
    recent: ['badges', 'recent'],
    member: (userId: string) => ['badges', 'member', userId] as const,
    /** The company's own badges (decision 107): their definitions, for the admins' editor. */
    company: ['badges', 'company'],
  },
  /** Which badges the company awards (an admin's switches): not refreshed by the feed. */
  badgeSettings: ['badge-settings'],
  /** Contests and their standings (decision 049): every logged activity and every feed event moves them. */
  contests: {
    all: ['contests'],
    list: ['contests', 'list'],
    detail: (id: string) => ['contests', 'detail', id] as const,
    display: (token: string, id: string) => ['contests', 'display', token, id] as const,
  },
  /** What the company celebrates (decision 051); members read it, admins change it. */
  celebrationSettings: ['celebration-settings'],

  coaching: {
    all: ['coaching'],
    wrapups: (filter: { date?: string; memberId?: string }) => ['coaching', 'wrapups', filter.date ?? '', filter.memberId ?? ''] as const,
    wrapup: (id: string) => ['coaching', 'wrapup', id] as const,
    myThreads: ['coaching', 'my-threads'],
    /** The navigation's unread count. */
    unread: ['coaching', 'unread'],
    notes: (memberId: string) => ['coaching', 'notes', memberId] as const,
  },

  /** The company's settings and people (Settings, Administration): counts change with every activity. */
  company: {
    all: ['company'],
    settings: ['company', 'settings'],
    members: ['company', 'members'],
    invitations: ['company', 'invitations'],
    customers: {
      all: ['company', 'customers'],
      matching: (term: string) => ['company', 'customers', term] as const,
    },
    billing: ['company', 'billing'],
    signupPolicy: ['company', 'signup-policy'],
    /** The first-run setup's steps (decision 042): any company change may finish one. */
    setup: ['company', 'setup'],
  },
  /** The signed-in person's own settings. */
  settings: {
    profile: ['settings', 'profile'],
    accountDeletion: ['settings', 'account-deletion'],
    /** Push notifications: the choices and the devices (decision 055). */
    push: ['settings', 'push'],
    /** An admin's preview of this week's digest, so far (decision 088). */
    digestPreview: ['settings', 'digest-preview'],
  },
  /** Personal access tokens: mine, and (admins) every one of the company; a change refreshes both. */
  apiTokens: {
    all: ['api-tokens'],
    mine: ['api-tokens', 'mine'],
    company: ['api-tokens', 'company'],
  },
  admin: {
    imports: ['admin', 'imports'],
    auditLog: {
      all: ['admin', 'audit-log'],
      byAction: (action: AuditAction | undefined) => ['admin', 'audit-log', action ?? 'all'] as const,
    },
    contactRequests: {
      all: ['admin', 'contact-requests'],
      byStatus: (status: ContactRequestStatusFilter) => ['admin', 'contact-requests', status] as const,
    },
  },
} as const;
