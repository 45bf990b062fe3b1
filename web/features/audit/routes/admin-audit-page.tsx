import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@core/contracts';
import {
  ArchiveIcon,
  ListVideoIcon,
  Building2Icon,
  CalendarMinusIcon,
  CalendarPlusIcon,
  CalendarCogIcon,
  FlagIcon,
  FlagOffIcon,
  GoalIcon,
  UsersIcon,
  UserRoundCogIcon,
  UserRoundPenIcon,
  DownloadIcon,
  EraserIcon,
  FileDownIcon,
  FileUpIcon,
  GaugeIcon,
  HistoryIcon,
  KeyRoundIcon,
  PlugZapIcon,
  KeySquareIcon,
  type LucideIcon,
  MailPlusIcon,
  MailXIcon,
  MergeIcon,
  PartyPopperIcon,
  ShapesIcon,
  MonitorIcon,
  MonitorOffIcon,
  PencilLineIcon,
  RotateCwIcon,
  ScrollTextIcon,
  ShieldOffIcon,
  SlidersHorizontalIcon,
  Undo2Icon,
  UserCogIcon,
  UserMinusIcon,
  WebhookIcon,
  WebhookOffIcon,
  AwardIcon,
  TrophyIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { useCompanyFormat } from '@web/lib/format';
import { useAuditLog } from '../api/get-audit-log';
import { useMembers } from '@web/lib/queries/get-members';
import { formatMemberName } from '@web/lib/member-name';
import { LoadError } from '@web/components/load-error';
import { describeAuditActor, describeAuditEntry } from '../lib/describe-audit-entry';

/*
 * Administration, Audit log: what admins did (GET /api/v1/admin/audit-log), newest first, a page
 * at a time, in the company's time zone. The server refuses anyone but the company's admins; the
 * console that links here is behind the admin guard too. Decision 021 says what is recorded.
 */

const ALL = 'all';
type Filter = AuditAction | typeof ALL;

const ICONS: Record<AuditAction, LucideIcon> = {
  'member.role_changed': UserCogIcon,
  'member.removed': UserMinusIcon,
  'member.data_exported': FileDownIcon,
  'member.erased': EraserIcon,
  'kpi_rule.changed': SlidersHorizontalIcon,
  'invitation.created': MailPlusIcon,
  'invitation.revoked': MailXIcon,
  'display_link.created': MonitorIcon,
  'display_link.revoked': MonitorOffIcon,
  'display_link.playlist_changed': ListVideoIcon,
  'tv_playlist.created': ListVideoIcon,
  'tv_playlist.changed': ListVideoIcon,
  'tv_playlist.deleted': ListVideoIcon,
  'company.updated': Building2Icon,
  'signup_policy.changed': KeyRoundIcon,
  'export.downloaded': DownloadIcon,
  'api_token.created': KeySquareIcon,
  'api_token.revoked': ShieldOffIcon,
  'webhook.created': WebhookIcon,
  'webhook.changed': WebhookIcon,
  'webhook.deleted': WebhookOffIcon,
  'webhook.secret_rotated': KeyRoundIcon,
  'import.committed': FileUpIcon,
  'import.undone': Undo2Icon,
  'activity.logged_late': HistoryIcon,
  'activity.corrected': PencilLineIcon,
  'activity.logged_for': UserPlusIcon,
  'customer.merged': MergeIcon,
  'customer.changed': ArchiveIcon,
  'team.created': UsersIcon,
  'team.renamed': UsersIcon,
  'team.deleted': UsersIcon,
  'team.leads_changed': UserRoundCogIcon,
  'member.team_changed': UserRoundPenIcon,
  'member.boards_changed': TrophyIcon,
  'target.set': FlagIcon,
  'target.ended': FlagOffIcon,
  'goals.set': GoalIcon,
  'calendar.country_changed': CalendarCogIcon,
  'calendar.day_off_added': CalendarPlusIcon,
  'calendar.day_off_removed': CalendarMinusIcon,
  'badge.switched': AwardIcon,
  'contest.created': TrophyIcon,
  'contest.updated': TrophyIcon,
  'contest.deleted': TrophyIcon,
  'celebrations.changed': PartyPopperIcon,
  'activity_type.created': ShapesIcon,
  'activity_type.changed': ShapesIcon,
  'activity_type.archived': ShapesIcon,
  'activity_type.restored': ShapesIcon,
  'activity_type.deleted': ShapesIcon,
  'kpi.created': GaugeIcon,
  'kpi.changed': GaugeIcon,
  'kpi.deleted': GaugeIcon,
  'company_badge.created': AwardIcon,
  'company_badge.changed': AwardIcon,
  'company_badge.deleted': AwardIcon,
  'inbound_source.created': PlugZapIcon,
  'inbound_source.changed': PlugZapIcon,
  'inbound_source.deleted': PlugZapIcon,
  'inbound_source.secret_rotated': KeyRoundIcon,
};

export function Component() {
  const { t, i18n } = useTranslation(['audit', 'settings', 'targets', 'scoreboard']);
  const filterLabelId = useId();
  const [filter, setFilter] = useState<Filter>(ALL);
  const query = useAuditLog(filter === ALL ? undefined : filter);

  // The company's time zone and currency; the log's own precision: a when to the minute, a multiplier to 6 digits.
  const { locale, timeZone, currency, number, shortDay } = useCompanyFormat();
  // Names of the members an entry mentions besides its target (an activity moved to someone).
  const members = useMembers().data?.members;
  const formatters = useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    const names = new Map((members ?? []).map((member) => [member.userId, formatMemberName(member, t)]));
    return {
      t,
      currency,
      number: (value: number) => number(value, 6),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      day: shortDay,
      memberName: (userId: string) => names.get(userId) ?? null,
      language: i18n.language,
    };
  }, [t, i18n.language, locale, timeZone, currency, number, shortDay, members]);

  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <section aria-labelledby="audit-title" className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id="audit-title" className="text-lg font-semibold">
            {t('audit:title')}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('audit:description')}</p>
          <p className="mt-1 text-xs text-muted-foreground">{t('audit:timeZoneNote', { timeZone })}</p>
        </div>
        <div className="flex w-full items-center gap-2 sm:w-auto">
          <span id={filterLabelId} className="text-sm text-muted-foreground">
            {t('audit:filter.label')}
          </span>
          <Select value={filter} onValueChange={(value) => setFilter(value as Filter)}>
            <SelectTrigger className="w-full sm:w-60" aria-labelledby={filterLabelId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('audit:filter.all')}</SelectItem>
              {AUDIT_ACTIONS.map((action) => (
                <SelectItem key={action} value={action}>
                  {t(`audit:kinds.${action}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {query.isPending ? (
        <AuditLogSkeleton />
      ) : query.isError && entries.length === 0 ? (
        <LoadError title={t('audit:loadError')} error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={ScrollTextIcon}
          title={filter === ALL ? t('audit:empty.title') : t('audit:empty.filteredTitle', { kind: t(`audit:kinds.${filter}`) })}
          description={filter === ALL ? t('audit:empty.text') : t('audit:empty.filteredText')}
        />
      ) : (
        <>
          <Card className="overflow-hidden">
            <ol aria-label={t('audit:listLabel')} aria-busy={query.isFetching} className="divide-y">
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} formatters={formatters} />
              ))}
            </ol>
          </Card>
          {query.isFetchNextPageError ? (
            <div role="alert" className="flex flex-wrap items-center justify-center gap-3 text-sm text-destructive">
              {t('audit:loadMoreError')}
              <Button size="sm" variant="outline" onClick={() => void query.fetchNextPage()} className="text-foreground">
                <RotateCwIcon /> {t('audit:retry')}
              </Button>
            </div>
          ) : (
            query.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? (
                    <>
                      <Spinner /> {t('audit:loadingMore')}
                    </>
                  ) : (
                    t('audit:loadMore')
                  )}
                </Button>
              </div>
            )
          )}
        </>
      )}
    </section>
  );
}

function AuditRow({ entry, formatters }: { entry: AuditEntry; formatters: Parameters<typeof describeAuditEntry>[1] }) {
  const { summary, changes } = describeAuditEntry(entry, formatters);
  const Icon = ICONS[entry.action] ?? ScrollTextIcon;
  return (
    <li className="grid gap-x-6 gap-y-1.5 px-4 py-3.5 sm:grid-cols-[minmax(0,1fr)_auto] sm:px-5" data-audit-action={entry.action}>
      <div className="flex min-w-0 gap-3">
        <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon className="size-4" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium break-words">{summary}</p>
          {changes.length > 0 && (
            <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
              {changes.map((line) => (
                <li key={line} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="pl-11 text-xs text-muted-foreground sm:pl-0 sm:text-right">
        <p className="font-medium text-foreground">{describeAuditActor(entry.actor, formatters.t)}</p>
        <time dateTime={entry.at}>{formatters.dateTime(entry.at)}</time>
      </div>
    </li>
  );
}

function AuditLogSkeleton() {
  return (
    <Card aria-busy="true" className="divide-y overflow-hidden">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 px-4 py-3.5 sm:px-5">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-2/3 max-w-md" />
            <Skeleton className="h-3 w-1/3 max-w-40" />
          </div>
          <Skeleton className="hidden h-8 w-32 sm:block" />
        </div>
      ))}
    </Card>
  );
}
