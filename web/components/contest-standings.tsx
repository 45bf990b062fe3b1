import type { ContestStandings as ContestStandingsData } from '@core/contracts';
import { computeTargetShare } from '@core/contests';
import { CrownIcon, MedalIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { pickName } from '@core/activity-types';
import { PersonAvatar } from '@web/components/person-avatar';
import { cn } from '@web/lib/cn';
import { computeBestScore } from '@web/lib/contest-score';

/*
 * A contest's standings (decision 049), drawn from the standings data alone, so the contest page,
 * a display link and the TV's contest screen show the same thing: place (shared on a tie), name,
 * score, each counted metric's total, and a bar to the target or to the leader's score.
 * `formatScore` writes the score (createContestScoreFormat); `format` each counted metric's total.
 */
export function ContestStandings({
  data,
  format,
  formatScore,
  formatDay,
  highlightId,
  limit,
  className,
}: {
  data: ContestStandingsData;
  format: { number: (value: number) => string; money: (minor: number) => string };
  formatScore: (value: number) => string;
  formatDay?: (localDate: string) => string;
  /** The viewer's own row (or team), marked "You". */
  highlightId?: string;
  /** At most this many rows (a TV screen); all when absent. */
  limit?: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation('contests');
  const { contest } = data;
  const rows = limit === undefined ? data.standings : data.standings.slice(0, limit);
  const best = computeBestScore(data.standings.map((row) => row.score));
  const metrics = contest.weights.map((w) => w.metric);
  const mixed = contest.weights.length > 1 || contest.weights.some((w) => w.weight !== 1);
  // What each row counts under its name: the KPI's name, the metric's, or each metric's total of a mix.
  const counts = contest.kpiId !== null ? (contest.kpi ? pickName(contest.kpi.names, i18n.language) : t('contest.kpiGone')) : null;
  const formatTotal = (metric: string, value: number) => (metric === 'sales_value' ? format.money(value) : format.number(value));

  if (rows.length === 0) {
    return <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{t('contest.noParticipants')}</p>;
  }

  return (
    <ol className={cn('space-y-2', className)} aria-label={t('contest.standings')}>
      {rows.map((row) => {
        const share = computeTargetShare(row.score, contest.target) ?? row.score / best;
        const leads = row.rank === 1 && row.score > 0;
        const name = row.name ?? '—';
        return (
          <li
            key={row.subjectId}
            data-testid="contest-standing"
            className={cn(
              'relative overflow-hidden rounded-xl border bg-card px-3 py-2.5 sm:px-4',
              leads && 'border-amber-300 bg-amber-50/60 dark:border-amber-500/40 dark:bg-amber-500/10',
              row.subjectId === highlightId && 'ring-2 ring-primary/40',
            )}
          >
            <div className="flex items-center gap-3">
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums',
                  row.rank === 1
                    ? 'bg-amber-400 text-amber-950'
                    : row.rank === 2
                      ? 'bg-slate-300 text-slate-900'
                      : row.rank === 3
                        ? 'bg-orange-300 text-orange-950'
                        : 'bg-muted text-muted-foreground',
                )}
                // A place, read as one: "Place 1" (a label on a plain span is not announced).
                role="img"
                aria-label={`${t('contest.rank')} ${row.rank}`}
              >
                {leads ? <CrownIcon className="size-4" aria-hidden /> : row.rank}
              </span>
              {row.kind === 'person' ? (
                <PersonAvatar name={name} avatarUrl={row.avatarUrl} colorKey={row.subjectId} className="hidden sm:flex" />
              ) : (
                <span className="hidden size-8 items-center justify-center rounded-full bg-primary-soft text-primary sm:flex" aria-hidden>
                  <UsersIcon className="size-4" />
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="flex items-center gap-2 truncate font-medium">
                  <span className="truncate">{name}</span>
                  {row.subjectId === highlightId && (
                    <span className="rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary">{t('contest.you')}</span>
                  )}
                  {row.reachedOn && formatDay && (
                    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300">
                      <MedalIcon className="size-3" aria-hidden />
                      {t('contest.targetReached', { date: formatDay(row.reachedOn) })}
                    </span>
                  )}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  {row.members !== null && <>{t('contest.members', { count: row.members })} · </>}
                  {counts !== null
                    ? counts
                    : mixed
                      ? metrics.map((metric) => `${t(`metric.${metric}`)} ${formatTotal(metric, row.totals[metric] ?? 0)}`).join(' · ')
                      : t(`metric.${metrics[0]!}`)}
                </p>
              </div>
              <span className="text-lg font-bold tabular-nums sm:text-xl" data-testid="contest-score">
                {formatScore(row.score)}
              </span>
            </div>
            <div className="mt-2 h-1.5 rounded-full bg-muted" aria-hidden>
              <div
                className={cn('h-full rounded-full transition-[width] duration-700', leads ? 'bg-amber-400' : 'bg-primary/70')}
                style={{ width: `${Math.round(share * 100)}%` }}
              />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
