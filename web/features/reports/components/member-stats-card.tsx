import type { LeaderboardRow, RankBy } from '@core/contracts';
import { isHighConversion, type Percent } from '@core/stats';
import { FlameIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '@web/components/person-avatar';
import { PersonNameLink } from '@web/components/person-name-link';
import { getMedalHighlight, RankBadge } from '@web/components/scoreboard/rank-badge';
import { RankMeasure } from '@web/components/scoreboard/rank-measure';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/cn';
import type { CompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';

/** A member's week on the Weekly View: rank, points, calls, meetings, sales, conversion; the name links to their page when `href` is given. */
export function MemberStatsCard({
  row,
  format,
  href,
  rankBy = 'points',
}: {
  row: LeaderboardRow;
  format: CompanyFormat;
  href?: string | null;
  /** A fair ranking (decision 053) shows the card's measure beside its badges. */
  rankBy?: RankBy;
}) {
  const { t } = useTranslation('scoreboard');
  const titleId = useId();
  const name = formatMemberName(row, t);
  const isTop = row.rank <= 3 && row.activities > 0;
  const highConversion = row.calls > 0 && isHighConversion(row.conversion as Percent);
  return (
    <article
      aria-labelledby={titleId}
      data-testid="member-card"
      className={cn(
        'flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-card',
        isTop && getMedalHighlight(row.rank),
        isTop && row.rank === 1 && 'shadow-md',
      )}
    >
      <div className="flex items-center gap-3">
        <RankBadge rank={row.rank} className={cn(!isTop && 'bg-muted text-muted-foreground ring-0')} />
        <PersonAvatar name={name} colorKey={row.userId} avatarUrl={row.avatarUrl} className="size-10 text-sm" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="truncate text-lg font-semibold tracking-tight">
            <PersonNameLink href={href}>
              <span data-slot="member-name">{name}</span>
            </PersonNameLink>
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <RankMeasure row={row} rankBy={rankBy} format={format} className="text-sm" />
            {row.isCurrentUser && <Badge variant="soft">{t('weekly.you')}</Badge>}
            {highConversion && (
              <Badge variant="success">
                <FlameIcon aria-hidden /> {t('weekly.highConversion')}
              </Badge>
            )}
          </div>
        </div>
        <div className="text-right">
          <p className="text-3xl leading-none font-bold tracking-tight tabular" data-slot="points">
            {format.number(row.points)}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{t('weekly.points')}</p>
        </div>
      </div>
      <dl className="grid grid-cols-4 gap-2 rounded-lg bg-muted/60 p-3 text-center">
        <MemberStat label={t('weekly.calls')} value={format.number(row.calls)} slot="calls" />
        <MemberStat label={t('weekly.meetings')} value={format.number(row.meetings)} slot="meetings" />
        <MemberStat label={t('weekly.sales')} value={format.number(row.sales)} slot="sales" />
        <MemberStat label={t('weekly.conversion')} value={format.percent(row.conversion)} slot="conversion" />
      </dl>
    </article>
  );
}

function MemberStat({ label, value, slot }: { label: string; value: string; slot: string }) {
  return (
    <div className="flex min-w-0 flex-col-reverse gap-0.5">
      <dt className="truncate text-[11px] font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="text-lg font-semibold tabular" data-slot={slot}>
        {value}
      </dd>
    </div>
  );
}
