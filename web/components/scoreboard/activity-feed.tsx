import type { FeedEventKind, FeedItem } from '@core/contracts';
import { truncateText } from '@core/stats';
import { AwardIcon, FlagIcon, FlameIcon, type LucideIcon, SparklesIcon, SwordsIcon, TargetIcon, TrophyIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActivityTypes } from '@web/lib/queries/get-activity-types';
import { pickName } from '@core/activity-types';
import { Skeleton } from '@web/components/ui/skeleton';
import { ActivityIcon } from '@web/components/activity-icon';
import { computeActivityKind, nameOwnTypeInSentence } from '@web/lib/activity-kind';
import { ReadActivityIcon } from '@web/components/activity-type-icon';
import { DailyBonusNote } from './daily-bonus-note';
import { cn } from '@web/lib/cn';
import type { CompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { lowerInSentence } from '@web/lib/in-sentence';
import { describeFeedEvent } from './describe-feed-event';
import { ReactionBar } from './reaction-bar';
import { cutCustomerName, FEED_NOTES_MAX } from '@web/lib/feed-text';

/**
 * The Live Activity feed (decision 051): activities (who did what with which customer, a sparkle on
 * booked meetings, the points and the time; notes cut at 50 characters) and the floor's news (a
 * goal reached, a badge, a record, a contest) together, newest first, each with its reactions.
 * New entries fade in, old ones stay put. A run of unanswered calls by one person (three or more in
 * a row, nothing else to say about them) is one line, which opens to show each.
 */
export function ActivityFeed({ items, today, format }: { items: readonly FeedItem[]; today: string; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  return (
    <ol className="divide-y" aria-label={t('feed.title')}>
      {groupFeedItems(items).map((entry) =>
        entry.kind === 'group' ? (
          // Keyed by its oldest call: the line stays put while the run grows at the top.
          <UnansweredRun key={`run-${entry.items.at(-1)!.id}`} items={entry.items} today={today} format={format} />
        ) : entry.item.type === 'activity' ? (
          <ActivityRow key={entry.item.id} item={entry.item} today={today} format={format} />
        ) : (
          <EventRow key={entry.item.id} item={entry.item} today={today} format={format} />
        ),
      )}
    </ol>
  );
}

type ActivityItem = Extract<FeedItem, { type: 'activity' }>;
type EventItem = Extract<FeedItem, { type: 'event' }>;

/** How many unanswered calls in a row by one person make one line. */
export const FEED_RUN_MIN = 3;

type FeedEntry = { kind: 'item'; item: FeedItem } | { kind: 'group'; items: ActivityItem[] };

/** An unanswered call with nothing of its own to show (no customer, notes, bonus or reactions): it may join a run. */
function isPlainUnanswered(item: FeedItem): item is ActivityItem {
  if (item.type !== 'activity' || item.reactions.length > 0) return false;
  const { activity } = item;
  return activity.type === 'call_unanswered' && !activity.customerName && !activity.notes && activity.bonusPoints === 0;
}

/** The feed's lines: each item, except that FEED_RUN_MIN or more plain unanswered calls in a row by one person are one group. */
export function groupFeedItems(items: readonly FeedItem[]): FeedEntry[] {
  const entries: FeedEntry[] = [];
  let run: ActivityItem[] = [];
  const flush = () => {
    if (run.length >= FEED_RUN_MIN) entries.push({ kind: 'group', items: run });
    else entries.push(...run.map((item): FeedEntry => ({ kind: 'item', item })));
    run = [];
  };
  for (const item of items) {
    if (isPlainUnanswered(item) && (run.length === 0 || run[0]!.activity.userId === item.activity.userId)) {
      run.push(item);
      continue;
    }
    flush();
    if (isPlainUnanswered(item)) run.push(item);
    else entries.push({ kind: 'item', item });
  }
  flush();
  return entries;
}

function UnansweredRun({ items, today, format }: { items: ActivityItem[]; today: string; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const [open, setOpen] = useState(false);
  const newest = items[0]!.activity;
  const oldest = items.at(-1)!.activity;
  const points = items.reduce((sum, item) => sum + item.activity.points, 0);
  // From the first call's time to the last's; within one minute the line's own time says it.
  const from = format.activityTime(oldest.createdAt, today);
  const to = format.activityTime(newest.createdAt, today);
  return (
    <>
      <li data-testid="feed-item" data-kind="unanswered-run" className="flex animate-fade-in gap-3 px-4 py-3 sm:px-5">
        <ActivityIcon type="call_unanswered" className="mt-0.5 size-8" />
        <div className="min-w-0 flex-1">
          <p className="text-sm leading-snug">
            <span className="font-semibold">{formatMemberName(newest, t)}</span> {t('feed.unansweredRun', { count: items.length })}
          </p>
          {from !== to && <p className="mt-0.5 text-xs text-muted-foreground">{t('feed.runSpan', { from, to })}</p>}
          <button
            type="button"
            className="mt-1 text-xs font-medium text-primary underline-offset-2 hover:underline focus-visible:underline focus-visible:outline-none"
            aria-expanded={open}
            onClick={() => setOpen((was) => !was)}
          >
            {open ? t('feed.hideRun') : t('feed.showRun', { count: items.length })}
          </button>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <PointsBadge points={points} format={format} />
          <FeedTime at={newest.createdAt} today={today} format={format} />
        </div>
      </li>
      {open && items.map((item) => <ActivityRow key={item.id} item={item} today={today} format={format} />)}
    </>
  );
}

function ActivityRow({ item, today, format }: { item: ActivityItem; today: string; format: CompanyFormat }) {
  const { t, i18n } = useTranslation('scoreboard');
  const { activity } = item;
  const kind = computeActivityKind(activity);
  const name = formatMemberName(activity, t);
  // One of the company's own types (decision 100): named as the company named it.
  const own = nameOwnTypeInSentence(activity.ownType, i18n.language);
  const action = own
    ? own.outcome
      ? t('feed.action.ownTypeOutcome', { name: own.name, outcome: own.outcome })
      : t('feed.action.ownType', { name: own.name })
    : t(`feed.action.${kind}`);
  return (
    <li data-testid="feed-item" className="flex animate-fade-in gap-3 px-4 py-3 sm:px-5">
      <ReadActivityIcon activity={activity} className="mt-0.5 size-8" />
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug">
          <span className="font-semibold">{name}</span> {action}
          {activity.customerName && (
            <>
              {' '}
              {t('feed.with')}{' '}
              <span className="font-medium break-words" title={cutCustomerName(activity.customerName).title}>
                {cutCustomerName(activity.customerName).text}
              </span>
            </>
          )}
          {activity.meetingBooked && (
            <SparklesIcon className="ml-1 inline size-4 -translate-y-px text-gold" role="img" aria-label={t('feed.meetingSparkle')} />
          )}
        </p>
        {activity.bonusPoints > 0 && (
          <p className="mt-0.5 text-xs">
            <DailyBonusNote activity={activity} />
          </p>
        )}
        {/* A sale's value (won: green), or an own type's amount, which may be a lost renewal's (plain). */}
        {activity.amount !== null && (
          <p className={cn('mt-0.5 text-xs font-medium', activity.type === 'sale' ? 'text-success-strong' : 'text-foreground')}>
            {format.money(activity.amount)}
            {activity.productName && <span className="font-normal text-muted-foreground"> · {activity.productName}</span>}
          </p>
        )}
        {activity.notes && (
          <p
            className="mt-0.5 text-xs break-words text-muted-foreground"
            title={activity.notes.length > FEED_NOTES_MAX ? activity.notes : undefined}
          >
            {/* Each language's own quotation marks (»…« in Danish, «…» in Norwegian). */}
            {t('feed.quotedNotes', { text: truncateText(activity.notes, FEED_NOTES_MAX) })}
          </p>
        )}
        <ReactionBar item={item} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <PointsBadge points={activity.points} format={format} />
        <FeedTime at={activity.createdAt} today={today} format={format} />
      </div>
    </li>
  );
}

const EVENT_LOOKS: Record<FeedEventKind, { icon: LucideIcon; tone: string }> = {
  'goal.reached': { icon: TargetIcon, tone: 'bg-success-soft text-success' },
  'badge.earned': { icon: AwardIcon, tone: 'bg-warning-soft text-warning-strong' },
  'record.broken': { icon: FlameIcon, tone: 'bg-destructive/10 text-destructive' },
  'contest.started': { icon: FlagIcon, tone: 'bg-primary-soft text-primary' },
  'contest.lead_changed': { icon: SwordsIcon, tone: 'bg-primary-soft text-primary' },
  'contest.finished': { icon: TrophyIcon, tone: 'bg-warning-soft text-warning-strong' },
};

function EventRow({ item, today, format }: { item: EventItem; today: string; format: CompanyFormat }) {
  const { t, i18n } = useTranslation('scoreboard');
  const { event } = item;
  const look = EVENT_LOOKS[event.kind];
  // A goal reached on an own type (decision 106) is named by its type: the types are read only then.
  const onType = event.kind === 'goal.reached' && event.data.goal === 'type';
  const types = useActivityTypes({ enabled: onType }).data?.types;
  const nameType = (typeId: string) => {
    const type = types?.find((candidate) => candidate.id === typeId);
    return type ? lowerInSentence(pickName(type.names, i18n.language)) : null;
  };
  const line = describeFeedEvent(event, t, format, nameType, i18n.language);
  return (
    <li data-testid="feed-item" data-kind={event.kind} className="flex animate-fade-in gap-3 bg-gold/5 px-4 py-3 sm:px-5">
      <span className={cn('mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full', look.tone)}>
        <look.icon className="size-4" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug">
          {line.who && (
            <>
              <span className="font-semibold">{line.who}</span>{' '}
            </>
          )}
          {line.text}
        </p>
        {line.detail && <p className="mt-0.5 text-xs text-muted-foreground">{line.detail}</p>}
        <ReactionBar item={item} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <FeedTime at={event.createdAt} today={today} format={format} />
      </div>
    </li>
  );
}

/** "+5 pts" on green, or a grey "0 pts". */
function PointsBadge({ points, format }: { points: number; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  return (
    <span
      className={cn(
        'rounded-full px-2 py-0.5 text-xs font-semibold tabular',
        points > 0 ? 'bg-success-soft text-success-strong' : 'bg-muted text-muted-foreground',
      )}
    >
      {points > 0 ? t('feed.points', { count: points, value: format.number(points) }) : t('feed.noPoints')}
    </span>
  );
}

function FeedTime({ at, today, format }: { at: string; today: string; format: CompanyFormat }) {
  return (
    <time className="text-xs text-muted-foreground tabular" dateTime={at} title={format.dateTime(at)}>
      {format.activityTime(at, today)}
    </time>
  );
}

export function ActivityFeedSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="flex flex-col divide-y" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex gap-3 px-4 py-3 sm:px-5">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="h-5 w-10 rounded-full" />
        </div>
      ))}
    </div>
  );
}
