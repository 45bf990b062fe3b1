import type { BadgeSummary, LeaderboardRow, RankBy } from '@core/contracts';
import type { LeaderboardSortKey } from '@core/stats';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeIcons } from '@web/components/badges/badge-icons';
import { ConversionInfo, ConversionLabel } from '@web/components/conversion-label';
import { PersonAvatar } from '@web/components/person-avatar';
import { PersonNameLink } from '@web/components/person-name-link';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import type { CompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useFlip } from '@web/lib/use-flip';
import { RankBadge } from './rank-badge';
import { RankMeasure } from './rank-measure';

const sortedCell = 'font-semibold text-foreground';

/**
 * The Team Dashboard's leaderboard: rank (badges for the top 3), member with 'that's you', calls
 * with the answered/unanswered split, meetings, conversion, sales and points. Rows glide to their
 * new place when the order changes. A name links to the person's page when `personHref` gives one
 * (the viewer may open it: web/lib/people.ts); the TV passes none.
 */
export function LeaderboardTable({
  rows,
  sort,
  format,
  personHref,
  rankBy = 'points',
  badges,
}: {
  rows: readonly LeaderboardRow[];
  sort: LeaderboardSortKey;
  format: CompanyFormat;
  personHref?: (userId: string) => string | null;
  /** A fair ranking (decision 053) shows each row's measure under the name. */
  rankBy?: RankBy;
  /** Each member's recent badges (decision 050), drawn as small icons beside the name. */
  badges?: ReadonlyMap<string, BadgeSummary['badges']>;
}) {
  const { t } = useTranslation('scoreboard');
  const bodyRef = useFlip<HTMLTableSectionElement>(rows.map((r) => r.userId));
  const ariaSort = (key: LeaderboardSortKey) => (sort === key ? ('descending' as const) : undefined);
  const cell = 'px-2 sm:px-3';

  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <RankHead />
          <TableHead className={cell}>
            {t('leaderboard.member')}
            {/* Below 2xl each name carries its conversion underneath: the header says which conversion it is
                (not on a phone, where the header would push the points out of sight). */}
            <span className="hidden font-normal text-muted-foreground sm:inline 2xl:hidden">
              {' · '}
              <ConversionLabel kind="calls" />
            </span>
          </TableHead>
          <TableHead className={cn(cell, 'text-right')} aria-sort={ariaSort('calls')}>
            {t('leaderboard.calls')}
          </TableHead>
          <TableHead className={cn(cell, 'text-right')} aria-sort={ariaSort('meetings')}>
            <span className="hidden sm:inline">{t('leaderboard.meetings')}</span>
            <span className="sm:hidden">{t('leaderboard.meetingsShort')}</span>
          </TableHead>
          <TableHead className={cn(cell, 'hidden text-right 2xl:table-cell')}>
            <span className="inline-flex items-center gap-1">
              {t('leaderboard.conversion')}
              <ConversionInfo kind="calls" />
            </span>
          </TableHead>
          <TableHead className={cn(cell, 'hidden text-right md:table-cell')} aria-sort={ariaSort('sales')}>
            {t('leaderboard.sales')}
          </TableHead>
          <TableHead className="pr-3 pl-2 text-right sm:pr-5" aria-sort={ariaSort('points')}>
            {t('leaderboard.points')}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody ref={bodyRef}>
        {rows.map((row) => {
          const name = formatMemberName(row, t);
          const idle = row.activities === 0;
          return (
            <TableRow
              key={row.userId}
              data-flip-key={row.userId}
              data-testid="leaderboard-row"
              aria-current={row.isCurrentUser ? 'true' : undefined}
              className={cn(row.isCurrentUser && 'bg-primary-soft/50 hover:bg-primary-soft/70', idle && 'text-muted-foreground')}
            >
              <RankCell rank={row.rank} scored={!idle} />
              <MemberCell
                userId={row.userId}
                name={name}
                avatarUrl={row.avatarUrl}
                href={personHref?.(row.userId)}
                isMe={row.isCurrentUser}
                beside={<BadgeIcons badges={badges?.get(row.userId)} />}
              >
                <span className="2xl:hidden">{t('leaderboard.conversionShort', { value: format.percent(row.conversion) })}</span>
                <RankMeasure row={row} rankBy={rankBy} format={format} />
              </MemberCell>
              <TableCell className={cn(cell, 'text-right tabular')}>
                <div className={cn(sort === 'calls' && sortedCell)} data-slot="calls">
                  {format.number(row.calls)}
                </div>
                <div className="text-[11px] whitespace-nowrap text-muted-foreground" title={t('leaderboard.splitTitle')}>
                  <span className="sr-only">{t('leaderboard.splitSr', { answered: row.answered, unanswered: row.unanswered })}</span>
                  <span aria-hidden>
                    <span className="text-success-strong">{format.number(row.answered)}</span> / {format.number(row.unanswered)}
                  </span>
                </div>
              </TableCell>
              <TableCell className={cn(cell, 'text-right tabular', sort === 'meetings' && sortedCell)} data-slot="meetings">
                {format.number(row.meetings)}
              </TableCell>
              <TableCell className={cn(cell, 'hidden text-right tabular 2xl:table-cell')} data-slot="conversion">
                {format.percent(row.conversion)}
              </TableCell>
              <TableCell className={cn(cell, 'hidden text-right tabular md:table-cell', sort === 'sales' && sortedCell)} data-slot="sales">
                {format.number(row.sales)}
              </TableCell>
              <TableCell className="pr-3 pl-2 text-right sm:pr-5" data-slot="points">
                <span className={cn('tabular', sort === 'points' ? 'text-base font-bold text-foreground' : 'font-medium')}>
                  {format.number(row.points)}
                </span>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** The rank column's header: "#" to the eye, "Rank" to a screen reader. */
export function RankHead() {
  const { t } = useTranslation('scoreboard');
  return (
    <TableHead className="w-10 pr-0 pl-3 sm:pl-5">
      <span className="sr-only">{t('leaderboard.rank')}</span>
      <span aria-hidden>#</span>
    </TableHead>
  );
}

/** A row's place: a medal for the first three who scored anything, the number otherwise. */
export function RankCell({ rank, scored }: { rank: number; scored: boolean }) {
  return (
    <TableCell className="pr-0 pl-3 sm:pl-5">
      {rank <= 3 && scored ? (
        <RankBadge rank={rank} />
      ) : (
        <span className="inline-flex w-7 justify-center text-xs font-semibold text-muted-foreground tabular">{rank}</span>
      )}
    </TableCell>
  );
}

/**
 * A leaderboard's member: the avatar, the name (a link where the viewer may open the person's page;
 * names wrap rather than being cut off, decision 057), what sits `beside` it (badges), and under it
 * "that's you" and the board's own `children` (conversion, a fair ranking's measure).
 */
export function MemberCell({
  userId,
  name,
  avatarUrl,
  href,
  isMe,
  beside,
  children,
}: {
  userId: string;
  name: string;
  avatarUrl: string | null;
  href: string | null | undefined;
  isMe: boolean;
  beside?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('scoreboard');
  return (
    <TableCell className="w-full max-w-0 px-2 sm:px-3">
      <div className="flex min-w-0 items-center gap-2.5">
        <PersonAvatar name={name} colorKey={userId} avatarUrl={avatarUrl} className="hidden size-8 sm:flex" />
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-1.5">
            <PersonNameLink href={href} className="block font-medium break-words text-foreground">
              <span data-slot="member-name">{name}</span>
            </PersonNameLink>
            {beside}
          </div>
          {(isMe || children) && (
            <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
              {isMe && (
                // Solid: on the row's own soft tint a soft badge all but disappeared (dark mode above all).
                <Badge variant="default" className="px-1.5 py-0 text-[11px]">
                  {t('leaderboard.thatsYou')}
                </Badge>
              )}
              {children}
            </span>
          )}
        </div>
      </div>
    </TableCell>
  );
}

export function LeaderboardSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="flex flex-col gap-3 px-4 py-3 sm:px-5" aria-hidden>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-7 rounded-full" />
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-4 w-10" />
          <Skeleton className="h-4 w-12" />
        </div>
      ))}
    </div>
  );
}
