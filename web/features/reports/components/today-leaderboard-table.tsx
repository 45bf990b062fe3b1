import type { LeaderboardRow, RankBy } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { ConversionInfo } from '@web/components/conversion-label';
import { PersonAvatar } from '@web/components/person-avatar';
import { PersonNameLink } from '@web/components/person-name-link';
import { RankMeasure } from '@web/components/scoreboard/rank-measure';
import { Badge } from '@web/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import type { CompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useFlip } from '@web/lib/use-flip';

/** Today's leaderboard as on Team Overview and the Company page: Member, Calls, Demos, Conv %. */
export function TodayLeaderboardTable({
  rows,
  format,
  caption,
  personHref,
  rankBy = 'points',
}: {
  rows: readonly LeaderboardRow[];
  format: CompanyFormat;
  caption: string;
  /** The person's page for those the viewer may open (web/lib/people.ts). */
  personHref?: (userId: string) => string | null;
  /** A fair ranking (decision 053) shows each row's measure under the name. */
  rankBy?: RankBy;
}) {
  const { t } = useTranslation('scoreboard');
  const bodyRef = useFlip<HTMLTableSectionElement>(rows.map((r) => r.userId));
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="pl-4 sm:pl-5">{t('todayBoard.member')}</TableHead>
          <TableHead className="px-2 text-right sm:px-3">{t('todayBoard.calls')}</TableHead>
          <TableHead className="px-2 text-right sm:px-3">{t('todayBoard.demos')}</TableHead>
          <TableHead className="pr-4 pl-2 text-right whitespace-nowrap sm:pr-5 sm:pl-3">
            <span className="inline-flex items-center gap-1">
              {t('todayBoard.conversion')}
              {/* Not on a phone: the four columns need the room there (a tooltip needs a pointer anyway). */}
              <ConversionInfo kind="calls" className="hidden sm:inline-flex" />
            </span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody ref={bodyRef}>
        {rows.map((row) => {
          const name = formatMemberName(row, t);
          return (
            <TableRow
              key={row.userId}
              data-flip-key={row.userId}
              data-testid="today-row"
              aria-current={row.isCurrentUser ? 'true' : undefined}
              className={cn(
                row.isCurrentUser && 'bg-primary-soft/50 hover:bg-primary-soft/70',
                row.activities === 0 && 'text-muted-foreground',
              )}
            >
              {/* On a phone the avatar goes, so the name keeps room and the four columns fit 360 px in every language. */}
              <TableCell className="w-full max-w-0 min-w-24 pl-4 sm:min-w-36 sm:pl-5">
                <div className="flex min-w-0 items-center gap-2.5">
                  <PersonAvatar name={name} colorKey={row.userId} avatarUrl={row.avatarUrl} className="hidden size-7 text-[11px] sm:flex" />
                  <div className="flex min-w-0 flex-col">
                    <PersonNameLink href={personHref?.(row.userId)} className="truncate font-medium text-foreground">
                      <span data-slot="member-name">{name}</span>
                    </PersonNameLink>
                    <RankMeasure row={row} rankBy={rankBy} format={format} className="text-xs" />
                    {/* On a phone "You" goes under the name, which keeps the room to be read. */}
                    {row.isCurrentUser && (
                      <Badge variant="soft" className="mt-0.5 w-fit sm:hidden">
                        {t('todayBoard.you')}
                      </Badge>
                    )}
                  </div>
                  {row.isCurrentUser && (
                    <Badge variant="soft" className="hidden shrink-0 sm:inline-flex">
                      {t('todayBoard.you')}
                    </Badge>
                  )}
                </div>
              </TableCell>
              <TableCell className="px-2 text-right font-semibold tabular sm:px-3" data-slot="calls">
                {format.number(row.calls)}
              </TableCell>
              <TableCell className="px-2 text-right tabular sm:px-3" data-slot="meetings">
                {format.number(row.meetings)}
              </TableCell>
              <TableCell className="pr-4 pl-2 text-right tabular sm:pr-5 sm:pl-3" data-slot="conversion">
                {format.percent(row.conversion)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
