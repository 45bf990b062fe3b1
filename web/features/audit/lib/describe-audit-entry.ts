import { type AuditActor, AuditDetailsSchemas, type AuditEntry } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { DAILY_CALL_BONUS_THRESHOLD } from '@core/kpi';
import type { TFunction } from 'i18next';

export type AuditWording = {
  /** One sentence: "Made Rita Rep an admin", "Changed Answered call points 1 → 2". */
  summary: string;
  /** The changes one by one, when one sentence cannot hold them all. */
  changes: string[];
};

type Formatters = {
  t: TFunction<['audit', 'settings', 'targets']>;
  /** The company's currency code, for the sale value bonus ("points per NOK"). */
  currency: string;
  number: (value: number) => string;
  /** A date and time in the company's time zone. */
  dateTime: (iso: string) => string;
  /** A company-local day 'YYYY-MM-DD' as "Mon 3 Nov". */
  day: (localDate: string) => string;
  /** An active member's name by user id; null for anyone else (removed, erased, unknown). */
  memberName?: (userId: string) => string | null;
  /** The reader's language: a type's or KPI's name is shown in it when the entry kept it. */
  language?: string;
};

/** Who acted, as the log shows it. */
export function describeAuditActor(actor: AuditActor, t: Formatters['t']): string {
  switch (actor.state) {
    case 'member':
      return actor.name ?? t('audit:actor.former');
    case 'removed':
      return t('audit:actor.removed', { name: actor.name });
    case 'former':
      return t('audit:actor.former');
    case 'system':
      return t('audit:actor.system');
  }
}

/** A type's or KPI's name as it was, in the reader's language when the entry kept every language's. */
const readEntryName = (details: { name: string; names?: Record<string, string> } | undefined, language: string) =>
  details ? pickEntryName(details.name, details.names, language) : undefined;

/** The name itself, from every language's when kept, else as it was written. */
function pickEntryName(name: string | undefined, names: Record<string, string> | undefined, language: string): string | undefined {
  return (names ? pickName(names, language) : '') || name;
}

/** The name of the member an entry is about, today (a member erased since is "a former member"). */
function memberOf(entry: AuditEntry, t: Formatters['t']): string {
  return entry.target?.label ?? t('audit:formerMember');
}

/**
 * Words one audit entry in the reader's language. Details are read through the contract's
 * schemas; an entry whose details do not match (written by a newer server, say) still gets its
 * action's sentence, only without the specifics.
 */
/** The chat platforms' own words ("Connected a Slack channel"), keyed by endpoint kind. */
const CHAT_SUFFIX = { slack: 'Slack', teams: 'Teams' } as const;

export function describeAuditEntry(entry: AuditEntry, f: Formatters): AuditWording {
  const { t } = f;
  const one = (summary: string): AuditWording => ({ summary, changes: [] });
  const ruleName = (key: string) => t(`settings:kpi.rules.${key}.label`, { defaultValue: key });
  const policyName = (policy: string) => t(`settings:signup.policies.${policy}.title`, { defaultValue: policy });
  const roleNoun = (role: string) => t(`audit:roleNoun.${role}`, { defaultValue: role });
  const roleName = (role: string) => t(`settings:roles.${role}`, { defaultValue: role });
  const activityName = (type: string) => t(`audit:entry.activity.types.${type}`, { defaultValue: type });

  switch (entry.action) {
    case 'member.role_changed': {
      const details = AuditDetailsSchemas['member.role_changed'].safeParse(entry.details);
      const isAdmin = details.success ? details.data.to === 'admin' : true;
      return one(t(isAdmin ? 'audit:entry.member.madeAdmin' : 'audit:entry.member.madeUser', { member: memberOf(entry, t) }));
    }
    case 'member.removed':
      return one(t('audit:entry.member.removed', { member: memberOf(entry, t) }));
    case 'member.data_exported':
      return one(t('audit:entry.member.dataExported', { member: memberOf(entry, t) }));
    case 'member.erased':
      // A person deleting their own account erases themself (decision 022): actor and target are one.
      if (entry.actor.id !== null && entry.actor.id === entry.target?.id) return one(t('audit:entry.member.deletedOwnAccount'));
      return one(t('audit:entry.member.erased', { member: memberOf(entry, t) }));

    case 'kpi_rule.changed': {
      const details = AuditDetailsSchemas['kpi_rule.changed'].safeParse(entry.details);
      const rule = ruleName(details.data?.kpiKey ?? entry.target?.label ?? '');
      if (!details.success) return one(t('audit:entry.kpiRule.changed', { rule }));
      const { basePoints, enabled, multiplierValue, threshold } = details.data.changes;
      const sentences: string[] = [];
      const lines: string[] = [];
      if (basePoints) {
        const values = { from: f.number(basePoints.from), to: f.number(basePoints.to) };
        sentences.push(t('audit:entry.kpiRule.points', { rule, ...values }));
        lines.push(t('audit:change.points', values));
      }
      if (enabled) {
        sentences.push(t(enabled.to ? 'audit:entry.kpiRule.enabled' : 'audit:entry.kpiRule.disabled', { rule }));
        lines.push(t(enabled.to ? 'audit:change.enabled' : 'audit:change.disabled'));
      }
      if (multiplierValue) {
        const values = { from: f.number(multiplierValue.from), to: f.number(multiplierValue.to), currency: f.currency };
        sentences.push(t('audit:entry.kpiRule.multiplier', { rule, ...values }));
        lines.push(t('audit:change.multiplier', values));
      }
      if (threshold) {
        const values = {
          from: f.number(threshold.from ?? DAILY_CALL_BONUS_THRESHOLD),
          to: f.number(threshold.to ?? DAILY_CALL_BONUS_THRESHOLD),
        };
        sentences.push(t('audit:entry.kpiRule.threshold', { rule, ...values }));
        lines.push(t('audit:change.threshold', values));
      }
      return sentences.length === 1 ? one(sentences[0]!) : { summary: t('audit:entry.kpiRule.changed', { rule }), changes: lines };
    }

    case 'invitation.created': {
      const details = AuditDetailsSchemas['invitation.created'].safeParse(entry.details);
      const role = details.data?.role ?? 'user';
      return {
        summary: t('audit:entry.invitation.created', { role: roleNoun(role) }),
        changes: details.data
          ? [
              ...(details.data.teamName ? [t('audit:entry.invitation.team', { name: details.data.teamName })] : []),
              t('audit:entry.invitation.expires', { date: f.dateTime(details.data.expiresAt) }),
            ]
          : [],
      };
    }
    case 'invitation.revoked': {
      const details = AuditDetailsSchemas['invitation.revoked'].safeParse(entry.details);
      const role = details.data?.role ?? 'user';
      if (details.data?.status === 'used') return one(t('audit:entry.invitation.deletedUsed', { role: roleName(role) }));
      if (details.data?.status === 'expired') return one(t('audit:entry.invitation.deletedExpired', { role: roleName(role) }));
      return one(t('audit:entry.invitation.revoked', { role: roleNoun(role) }));
    }

    case 'display_link.created':
    case 'display_link.revoked': {
      const name = entry.target?.label ?? '';
      return one(
        t(entry.action === 'display_link.created' ? 'audit:entry.displayLink.created' : 'audit:entry.displayLink.revoked', { name }),
      );
    }

    case 'display_link.playlist_changed': {
      const details = AuditDetailsSchemas['display_link.playlist_changed'].safeParse(entry.details);
      const name = entry.target?.label ?? '';
      const to = details.data?.to ?? null;
      return one(
        to === null
          ? t('audit:entry.displayLink.playlistCleared', { name })
          : t('audit:entry.displayLink.playlistSet', { name, playlist: to }),
      );
    }

    case 'tv_playlist.created':
    case 'tv_playlist.changed':
    case 'tv_playlist.deleted': {
      const details = AuditDetailsSchemas['tv_playlist.changed'].partial().safeParse(entry.details);
      const name = entry.target?.label ?? '';
      const screens = details.data?.screens ?? 0;
      if (entry.action === 'tv_playlist.deleted') return one(t('audit:entry.tvPlaylist.deleted', { name }));
      if (entry.action === 'tv_playlist.created') return one(t('audit:entry.tvPlaylist.created', { name, count: screens }));
      return one(
        details.data?.renamedFrom
          ? t('audit:entry.tvPlaylist.renamed', { name, from: details.data.renamedFrom, count: screens })
          : t('audit:entry.tvPlaylist.changed', { name, count: screens }),
      );
    }

    case 'company.updated': {
      const details = AuditDetailsSchemas['company.updated'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.company.changed'));
      const changed = (['name', 'timezone', 'currency', 'lateLoggingDays'] as const).flatMap((field) => {
        const value = details.data.changes[field];
        return value ? [{ field, ...value }] : [];
      });
      if (changed.length === 1) {
        const [{ field, from, to }] = changed as [(typeof changed)[number]];
        return one(t(`audit:entry.company.${field}`, { from, to }));
      }
      return {
        summary: t('audit:entry.company.changed'),
        changes: changed.map(({ field, from, to }) => t(`audit:change.${field}`, { from, to })),
      };
    }

    case 'signup_policy.changed': {
      const details = AuditDetailsSchemas['signup_policy.changed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.signup.changed'));
      const { policy, accessCode } = details.data;
      const code = accessCode && (`${accessCode.charAt(0).toUpperCase()}${accessCode.slice(1)}` as 'Set' | 'Changed' | 'Removed');
      const policyValues = policy && { from: policyName(policy.from), to: policyName(policy.to) };
      if (policyValues && !code) return one(t('audit:entry.signup.policy', policyValues));
      if (code && !policyValues) return one(t(`audit:entry.signup.accessCode${code}`));
      return {
        summary: t('audit:entry.signup.changed'),
        changes: [
          ...(policyValues ? [t('audit:change.policy', policyValues)] : []),
          ...(code ? [t(`audit:change.accessCode${code}`)] : []),
        ],
      };
    }

    case 'export.downloaded': {
      const details = AuditDetailsSchemas['export.downloaded'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.export.downloaded'));
      const { kind, format, from, to } = details.data;
      const values = { kind: t(`audit:entry.export.kinds.${kind}`), format: format.toUpperCase(), member: memberOf(entry, t) };
      const whose = entry.target?.type === 'member' ? 'audit:entry.export.member' : 'audit:entry.export.everyone';
      return { summary: t(whose, values), changes: from && to ? [t('audit:entry.export.days', { from, to })] : [] };
    }

    case 'api_token.created': {
      const details = AuditDetailsSchemas['api_token.created'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.apiToken.createdUnnamed'));
      const { name, scopes, expiresAt } = details.data;
      return {
        summary: t('audit:entry.apiToken.created', { name }),
        changes: [
          t('audit:entry.apiToken.scopes', { scopes: scopes.join(', ') }),
          expiresAt ? t('audit:entry.apiToken.expires', { date: f.dateTime(expiresAt) }) : t('audit:entry.apiToken.neverExpires'),
        ],
      };
    }
    case 'api_token.revoked': {
      const name = AuditDetailsSchemas['api_token.revoked'].safeParse(entry.details).data?.name ?? '';
      // Its owner revoking it, or an admin revoking a member's token.
      if (entry.actor.id !== null && entry.actor.id === entry.target?.id) return one(t('audit:entry.apiToken.revokedOwn', { name }));
      return one(t('audit:entry.apiToken.revoked', { name, member: memberOf(entry, t) }));
    }

    case 'import.committed': {
      const details = AuditDetailsSchemas['import.committed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.import.committedPlain'));
      const { kind, rows, skipped } = details.data;
      return {
        summary: t(`audit:entry.import.committed.${kind}`, { count: rows }),
        changes: skipped > 0 ? [t('audit:entry.import.skipped', { count: skipped })] : [],
      };
    }
    case 'import.undone': {
      const rows = AuditDetailsSchemas['import.undone'].safeParse(entry.details).data?.rows ?? 0;
      return one(t('audit:entry.import.undone', { count: rows }));
    }

    case 'webhook.created': {
      const details = AuditDetailsSchemas['webhook.created'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.webhook.created', { host: '' }));
      const { kind, host, events } = details.data;
      if (kind !== 'webhook') return one(t(`audit:entry.webhook.created${CHAT_SUFFIX[kind]}`));
      return {
        summary: t('audit:entry.webhook.created', { host }),
        changes: [t('audit:entry.webhook.events', { events: events.join(', ') })],
      };
    }
    case 'webhook.changed': {
      const details = AuditDetailsSchemas['webhook.changed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.webhook.changed', { host: '' }));
      const { kind, host, fields, enabled } = details.data;
      const summary =
        kind === 'webhook' ? t('audit:entry.webhook.changed', { host }) : t(`audit:entry.webhook.changed${CHAT_SUFFIX[kind]}`);
      const named = fields.filter((field) => field !== 'enabled').map((field) => t(`audit:entry.webhook.field.${field}`));
      return {
        summary,
        changes: [
          ...(enabled !== undefined ? [t(enabled ? 'audit:entry.webhook.turnedOn' : 'audit:entry.webhook.turnedOff')] : []),
          ...(named.length > 0 ? [t('audit:entry.webhook.fields', { fields: named.join(', ') })] : []),
        ],
      };
    }
    case 'webhook.deleted': {
      const details = AuditDetailsSchemas['webhook.deleted'].safeParse(entry.details);
      const { kind, host } = details.data ?? { kind: 'webhook' as const, host: '' };
      return one(kind === 'webhook' ? t('audit:entry.webhook.deleted', { host }) : t(`audit:entry.webhook.deleted${CHAT_SUFFIX[kind]}`));
    }
    case 'webhook.secret_rotated': {
      const host = AuditDetailsSchemas['webhook.secret_rotated'].safeParse(entry.details).data?.host ?? '';
      return one(t('audit:entry.webhook.secretRotated', { host }));
    }

    case 'activity.logged_late': {
      const details = AuditDetailsSchemas['activity.logged_late'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.activity.logged_late'));
      const { type, localDate, from } = details.data;
      const values = { member: memberOf(entry, t), what: activityName(type), date: f.day(localDate), from: from && f.day(from) };
      return one(t(from ? 'audit:entry.activity.movedLate' : 'audit:entry.activity.loggedLate', values));
    }
    case 'activity.logged_for': {
      const details = AuditDetailsSchemas['activity.logged_for'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.activity.logged_for'));
      const { type, localDate } = details.data;
      return one(t('audit:entry.activity.loggedFor', { member: memberOf(entry, t), what: activityName(type), date: f.day(localDate) }));
    }
    case 'activity.corrected': {
      const details = AuditDetailsSchemas['activity.corrected'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.activity.corrected'));
      const { type, localDate, from, operation, fields, toUserId, fromType } = details.data;
      const values = { member: memberOf(entry, t), what: activityName(type), date: f.day(localDate), from: from && f.day(from) };
      if (operation === 'deleted') return one(t('audit:entry.activity.deleted', values));
      const named = fields
        .filter((field) => !['localDate', 'userId', 'type'].includes(field))
        .map((field) => t(`audit:entry.activity.field.${field}`, { defaultValue: field }));
      const changes = [
        ...(toUserId && from ? [t('audit:entry.activity.dayMoved', values)] : []),
        ...(fromType ? [t('audit:entry.activity.wasType', { was: activityName(fromType) })] : []),
        ...(named.length > 0 ? [t('audit:entry.activity.fields', { fields: named.join(', ') })] : []),
      ];
      if (toUserId) {
        const to = f.memberName?.(toUserId) ?? t('audit:formerMember');
        return { summary: t('audit:entry.activity.reassigned', { ...values, to }), changes };
      }
      return { summary: t(from ? 'audit:entry.activity.correctedMoved' : 'audit:entry.activity.corrected', values), changes };
    }
    case 'team.created':
    case 'team.deleted': {
      const name = AuditDetailsSchemas[entry.action].safeParse(entry.details).data?.name ?? entry.target?.label ?? '';
      return one(t(entry.action === 'team.created' ? 'audit:entry.team.created' : 'audit:entry.team.deleted', { name }));
    }
    case 'team.renamed': {
      const details = AuditDetailsSchemas['team.renamed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.team.renamed'));
      return one(t('audit:entry.team.renamed', details.data));
    }
    case 'team.leads_changed': {
      const details = AuditDetailsSchemas['team.leads_changed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.team.leads_changed'));
      const { name, added, removed } = details.data;
      return {
        summary: t('audit:entry.team.leads', { name }),
        changes: [
          ...(added.length > 0 ? [t('audit:entry.team.leadsAdded', { count: added.length })] : []),
          ...(removed.length > 0 ? [t('audit:entry.team.leadsRemoved', { count: removed.length })] : []),
        ],
      };
    }
    case 'member.team_changed': {
      const details = AuditDetailsSchemas['member.team_changed'].safeParse(entry.details);
      const member = memberOf(entry, t);
      if (!details.success) return one(t('audit:kinds.member.team_changed'));
      const { from, to } = details.data;
      if (to === null) return one(t('audit:entry.member.teamLeft', { member, from: from ?? '' }));
      return one(t(from === null ? 'audit:entry.member.teamJoined' : 'audit:entry.member.teamMoved', { member, from, to }));
    }
    case 'member.boards_changed': {
      const details = AuditDetailsSchemas['member.boards_changed'].safeParse(entry.details);
      const member = memberOf(entry, t);
      if (!details.success) return one(t('audit:kinds.member.boards_changed'));
      return one(t(details.data.onBoards ? 'audit:entry.member.putOnBoards' : 'audit:entry.member.leftOffBoards', { member }));
    }
    case 'target.set':
    case 'target.ended': {
      const details = AuditDetailsSchemas[entry.action].safeParse(entry.details);
      if (!details.success) return one(t(entry.action === 'target.set' ? 'audit:kinds.target.set' : 'audit:kinds.target.ended'));
      const { subjectKind, teamName, metric, period, value, kpiName, kpiNames, kpiFormat } = details.data;
      const subject = subjectKind === 'team' ? t('audit:entry.target.team', { name: teamName ?? '' }) : memberOf(entry, t);
      const money = metric === 'sales_value' || kpiFormat === 'money';
      const amount = money ? `${f.number(value / 100)} ${f.currency}` : f.number(value);
      const values = {
        subject,
        // A KPI's target (decision 104) names the KPI as it was called then.
        metric:
          metric === 'kpi'
            ? (pickEntryName(kpiName, kpiNames, f.language ?? 'en') ?? 'KPI')
            : t(`targets:metrics.${metric}`, { defaultValue: metric }).toLowerCase(),
        value: amount,
        period: t(`targets:periods.${period}`, { defaultValue: period }).toLowerCase(),
      };
      if (entry.action === 'target.ended') {
        const removed = 'removed' in details.data && details.data.removed;
        return one(t(removed ? 'audit:entry.target.removed' : 'audit:entry.target.ended', values));
      }
      const from = 'effectiveFrom' in details.data ? details.data.effectiveFrom : '';
      return { summary: t('audit:entry.target.set', values), changes: [t('audit:entry.target.from', { date: f.day(from) })] };
    }
    case 'goals.set': {
      const details = AuditDetailsSchemas['goals.set'].safeParse(entry.details);
      const member = memberOf(entry, t);
      if (!details.success) return one(t('audit:entry.goals.setPlain', { member }));
      const { dailyCalls, dailyMeetings, dailySales, types } = details.data;
      // The goals on own types (decision 106), by the types' names as they were, in the reader's language.
      const onTypes = (types ?? []).map(({ names, goal }) => `${pickName(names, f.language ?? 'en')} ${f.number(goal)}`);
      return {
        summary: t('audit:entry.goals.set', { member }),
        changes: [
          t('audit:entry.goals.values', { calls: f.number(dailyCalls), meetings: f.number(dailyMeetings), sales: f.number(dailySales) }),
          ...(types
            ? [onTypes.length > 0 ? t('audit:entry.goals.typeValues', { goals: onTypes.join(', ') }) : t('audit:entry.goals.noTypes')]
            : []),
        ],
      };
    }
    case 'calendar.country_changed': {
      const details = AuditDetailsSchemas['calendar.country_changed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.calendar.country_changed'));
      const country = (code: string) => t(`targets:calendar.countries.${code}`, { defaultValue: code });
      return one(t('audit:entry.calendar.country', { from: country(details.data.from), to: country(details.data.to) }));
    }
    case 'calendar.day_off_added':
    case 'calendar.day_off_removed': {
      const details = AuditDetailsSchemas[entry.action].safeParse(entry.details);
      const added = entry.action === 'calendar.day_off_added';
      if (!details.success) return one(t(added ? 'audit:kinds.calendar.day_off_added' : 'audit:kinds.calendar.day_off_removed'));
      const values = { date: f.day(details.data.date), label: details.data.label };
      return one(t(added ? 'audit:entry.calendar.dayOffAdded' : 'audit:entry.calendar.dayOffRemoved', values));
    }
    case 'badge.switched': {
      const details = AuditDetailsSchemas['badge.switched'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.badge.switched'));
      const badge = t(`scoreboard:badges.kinds.${details.data.kind}.name`);
      return one(t(details.data.enabled ? 'audit:entry.badge.on' : 'audit:entry.badge.off', { badge }));
    }
    case 'contest.created':
    case 'contest.updated':
    case 'contest.deleted': {
      const kind = entry.action.slice('contest.'.length) as 'created' | 'updated' | 'deleted';
      const details = AuditDetailsSchemas[entry.action].safeParse(entry.details);
      if (!details.success) return one(t(`audit:kinds.contest.${kind}`));
      return one(t(`audit:entry.contest.${kind}`, { name: details.data.name }));
    }
    case 'activity_type.created':
    case 'activity_type.changed':
    case 'activity_type.archived':
    case 'activity_type.restored':
    case 'activity_type.deleted': {
      const kind = entry.action.slice('activity_type.'.length) as 'created' | 'changed' | 'archived' | 'restored' | 'deleted';
      const name =
        readEntryName(AuditDetailsSchemas[entry.action].safeParse(entry.details).data, f.language ?? 'en') ?? entry.target?.label;
      if (!name) return one(t(`audit:kinds.activity_type.${kind}`));
      return one(t(`audit:entry.activity_type.${kind}`, { name }));
    }
    case 'kpi.created':
    case 'kpi.changed':
    case 'kpi.deleted': {
      const kind = entry.action.slice('kpi.'.length) as 'created' | 'changed' | 'deleted';
      const name =
        readEntryName(AuditDetailsSchemas[entry.action].safeParse(entry.details).data, f.language ?? 'en') ?? entry.target?.label;
      if (!name) return one(t(`audit:kinds.kpi.${kind}`));
      return one(t(`audit:entry.kpi.${kind}`, { name }));
    }
    case 'company_badge.created':
    case 'company_badge.changed':
    case 'company_badge.deleted': {
      const kind = entry.action.slice('company_badge.'.length) as 'created' | 'changed' | 'deleted';
      const name =
        readEntryName(AuditDetailsSchemas[entry.action].safeParse(entry.details).data, f.language ?? 'en') ?? entry.target?.label;
      if (!name) return one(t(`audit:kinds.company_badge.${kind}`));
      return one(t(`audit:entry.company_badge.${kind}`, { name }));
    }
    case 'inbound_source.created':
    case 'inbound_source.deleted':
    case 'inbound_source.secret_rotated': {
      const kind = entry.action.slice('inbound_source.'.length) as 'created' | 'deleted' | 'secret_rotated';
      const name = AuditDetailsSchemas[entry.action].safeParse(entry.details).data?.name ?? entry.target?.label;
      if (!name) return one(t(`audit:kinds.inbound_source.${kind}`));
      return one(t(`audit:entry.inboundSource.${kind}`, { name }));
    }
    case 'inbound_source.changed': {
      const details = AuditDetailsSchemas['inbound_source.changed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.inbound_source.changed'));
      const { name, fields, enabled } = details.data;
      const named = fields.filter((field) => field !== 'enabled').map((field) => t(`audit:entry.inboundSource.field.${field}`));
      return {
        summary: t('audit:entry.inboundSource.changed', { name }),
        changes: [
          ...(fields.includes('enabled') ? [t(enabled ? 'audit:entry.webhook.turnedOn' : 'audit:entry.webhook.turnedOff')] : []),
          ...(named.length > 0 ? [t('audit:entry.webhook.fields', { fields: named.join(', ') })] : []),
        ],
      };
    }
    case 'celebrations.changed': {
      const details = AuditDetailsSchemas['celebrations.changed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:entry.celebrations.changed'));
      const { saleMinimum, style, ...switches } = details.data;
      const lines: string[] = [];
      for (const [what, change] of Object.entries(switches)) {
        if (!change) continue;
        const name = t(`audit:entry.celebrations.what.${what as keyof typeof switches}`);
        lines.push(t(change.to ? 'audit:entry.celebrations.on' : 'audit:entry.celebrations.off', { what: name }));
      }
      if (saleMinimum) {
        // Minor units in the log; the console shows whole currency units.
        const values = { from: f.number(saleMinimum.from / 100), to: f.number(saleMinimum.to / 100), currency: f.currency };
        lines.push(t('audit:entry.celebrations.minimum', values));
      }
      if (style) {
        const styleName = (value: typeof style.to) => t(`audit:entry.celebrations.styles.${value}`);
        lines.push(t('audit:entry.celebrations.style', { from: styleName(style.from), to: styleName(style.to) }));
      }
      return { summary: t('audit:entry.celebrations.changed'), changes: lines };
    }
    case 'customer.merged': {
      const details = AuditDetailsSchemas['customer.merged'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.customer.merged'));
      const { keptName, mergedName, activities } = details.data;
      return {
        summary: t('audit:entry.customer.merged', { kept: keptName, merged: mergedName }),
        changes: [t('audit:entry.customer.moved', { count: activities })],
      };
    }
    case 'customer.changed': {
      const details = AuditDetailsSchemas['customer.changed'].safeParse(entry.details);
      if (!details.success) return one(t('audit:kinds.customer.changed'));
      const { name, renamedFrom, archived } = details.data;
      const archiving =
        archived === undefined ? [] : [t(archived ? 'audit:entry.customer.archived' : 'audit:entry.customer.restored', { name })];
      if (renamedFrom === undefined) return one(archiving[0] ?? t('audit:kinds.customer.changed'));
      return { summary: t('audit:entry.customer.renamed', { from: renamedFrom, name }), changes: archiving };
    }

    default:
      return one(t('audit:entry.unknown', { action: String(entry.action) }));
  }
}
