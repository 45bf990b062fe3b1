import type { DisplayFeedItem, FeedEventView, StoredActivityType } from '@core/contracts';
import { computeLocalDate } from '@core/period';
import type { TFunction } from 'i18next';
import { ActivityIcon, TrophyIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActivityIcon as ActivityTypeIcon } from '@web/components/activity-icon';
import { describeFeedEvent } from '@web/components/scoreboard/describe-feed-event';
import { computeActivityKind, nameOwnTypeInSentence } from '@web/lib/activity-kind';
import { cn } from '@web/lib/cn';
import { createCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import type { ScreenViewProps } from './screen-view-props';
import { TvMessage } from './tv-screen';

/**
 * The floor's news on the wall (decision 087): the newest calls, sales, goals, badges and contest
 * news, one line each, as large as the wall's other screens. A sale's amount and customer as far as
 * the company shows them (the server has left out the rest).
 */
export function FeedView({ data, language, timeZone, currency }: ScreenViewProps<'feed'>) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, currency);
  const today = computeLocalDate(new Date(), timeZone);
  if (data.items.length === 0) {
    return (
      <TvMessage
        icon={<ActivityIcon className="size-[clamp(2.5rem,8vmin,10rem)] text-gold" aria-hidden />}
        title={t('tv.screens.feedEmpty')}
        text={t('tv.screens.feedEmptyText')}
      />
    );
  }
  return (
    <ol
      aria-label={t('tv.screens.feed')}
      className="flex min-h-0 flex-1 flex-col gap-[clamp(0.35rem,1.2vmin,1.5rem)]"
      data-testid="tv-feed"
    >
      {data.items.map((item) => {
        const line = describeWallFeedItem(item, t, format, language);
        return (
          <li
            key={item.id}
            data-testid="tv-feed-item"
            className={cn(
              'flex items-center gap-[clamp(0.5rem,1.8vmin,2.5rem)] rounded-[clamp(0.6rem,1.6vmin,2rem)] bg-white/5 px-[clamp(0.6rem,2vmin,3rem)] py-[clamp(0.4rem,1.2vmin,1.6rem)] ring-1 ring-white/10',
              item.type === 'event' && 'bg-gold/10 ring-gold/40',
            )}
          >
            {item.activityType ? (
              <TvActivityIcon type={item.activityType as StoredActivityType} />
            ) : (
              <span className="grid size-[clamp(1.8rem,5vmin,6.5rem)] shrink-0 place-items-center rounded-full bg-gold/20 text-gold">
                <TrophyIcon className="size-[50%]" aria-hidden />
              </span>
            )}
            <p className="min-w-0 flex-1 text-[clamp(1rem,3.4vmin,4.6rem)] leading-tight">
              {line.who && <span className="font-bold">{line.who} </span>}
              <span className="text-white/85">{line.text}</span>
              {line.detail && <span className="font-semibold text-gold"> · {line.detail}</span>}
            </p>
            <time className="shrink-0 text-[clamp(0.8rem,2.4vmin,3.2rem)] text-sidebar-muted tabular" dateTime={item.createdAt}>
              {format.activityTime(item.createdAt, today)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

function TvActivityIcon({ type }: { type: StoredActivityType }) {
  return <ActivityTypeIcon type={type} className="size-[clamp(1.8rem,5vmin,6.5rem)] shrink-0 [&_svg]:size-[50%]" />;
}

/** One wall feed item in words: who, what happened, and a sale's amount and customer (as shown). */
function describeWallFeedItem(
  item: DisplayFeedItem,
  t: TFunction,
  format: ReturnType<typeof createCompanyFormat>,
  language: string,
): { who: string | null; text: string; detail: string | null } {
  if (item.type === 'activity' && item.activityType) {
    const kind = computeActivityKind({
      type: item.activityType as StoredActivityType,
      meetingBooked: item.meetingBooked,
      movedForward: false,
    });
    const who = formatMemberName({ ...item, userId: item.userId ?? '' }, t);
    const sale = [item.saleValue !== null ? format.money(item.saleValue) : null, item.customerName].filter(Boolean).join(' · ');
    // One of the company's own types (decision 100): named as the company named it.
    const own = nameOwnTypeInSentence(item.ownType, language);
    const text = own
      ? own.outcome
        ? t('feed.action.ownTypeOutcome', { name: own.name, outcome: own.outcome })
        : t('feed.action.ownType', { name: own.name })
      : t(`feed.action.${kind}`);
    return { who, text, detail: sale || null };
  }
  const event: FeedEventView = {
    id: item.id,
    kind: item.eventKind!,
    userId: item.userId,
    displayName: item.displayName,
    formerMember: item.formerMember,
    teamId: null,
    teamName: item.teamName,
    subjectId: item.subjectId,
    data: item.data,
    createdAt: item.createdAt,
  };
  return describeFeedEvent(event, t, format, undefined, language);
}

/**
 * The feed as a board's widget on the wall (decision 102): the same lines, at a widget's size. A
 * feed as wide as the board reads in two columns, newest first down each: its short lines left most
 * of the width empty, and half as tall it leaves the board larger on the screen.
 */
export function WallFeedList({
  items,
  language,
  timeZone,
  currency,
}: { items: readonly DisplayFeedItem[] } & Omit<ScreenViewProps<'feed'>, 'data'>) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, currency);
  const today = computeLocalDate(new Date(), timeZone);
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{t('boards.noActivity')}</p>;
  return (
    <div className="@container">
      <ol className="gap-x-8 space-y-2 @3xl:columns-2" data-testid="tv-board-feed">
        {items.map((item) => {
          const line = describeWallFeedItem(item, t, format, language);
          return (
            <li key={item.id} className="flex items-baseline gap-2 text-base break-inside-avoid">
              <p className="min-w-0 flex-1 truncate">
                {line.who && <span className="font-semibold">{line.who} </span>}
                <span className="text-muted-foreground">{line.text}</span>
                {line.detail && <span className="font-medium text-gold"> · {line.detail}</span>}
              </p>
              <time className="shrink-0 text-xs text-muted-foreground tabular-nums" dateTime={item.createdAt}>
                {format.activityTime(item.createdAt, today)}
              </time>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
