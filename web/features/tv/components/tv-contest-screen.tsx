import type { DisplayScreenData } from '@core/contracts';
import { computeContestScoreUnit, computeTargetShare, computeTimeLeft } from '@core/contests';
import { CrownIcon, GiftIcon, SwordsIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PersonAvatar } from '@web/components/person-avatar';
import { pickName } from '@core/activity-types';
import { cn } from '@web/lib/cn';
import { computeBestScore, createContestScoreFormat } from '@web/lib/contest-score';
import { createCompanyFormat } from '@web/lib/format';
import type { ScreenViewProps } from './screen-view-props';
import { TvMessage } from './tv-screen';

/** A contest's line under its name: the time left, when it starts, or that it is over. */
export function describeContestTime(
  data: NonNullable<Extract<DisplayScreenData, { kind: 'contest' }>['standings']>,
  t: (key: string, options?: Record<string, unknown>) => string,
  now: Date,
  wall: { language: string; currency: string },
): string {
  const { contest } = data;
  // The target as the score is written: "First to 50 000 kr" for money, not its minor units.
  const formatScore = createContestScoreFormat(contest, createCompanyFormat(wall.language, 'UTC', wall.currency));
  const target = contest.target === null ? '' : ` · ${t('tv.screens.contestTarget', { target: formatScore(contest.target) })}`;
  if (contest.phase === 'upcoming') return t('tv.screens.contestUpcoming', { date: contest.startsOn }) + target;
  const left = computeTimeLeft(new Date(contest.endsAt), now);
  if (contest.phase === 'past' || left.over) return t('tv.screens.contestEnded');
  const time = left.days > 0 ? t('tv.screens.contestLeft', left) : t('tv.screens.contestLastHours', left);
  return time + target;
}

/**
 * A contest's standings on the wall (decision 049): the top 8 with their place, score and a bar to
 * the target (or to the leader's score), the leader crowned, and the prizes underneath. Drawn for the
 * TV's dark wall and its sizes, from the same standings the contest page shows.
 */
export function ContestView({ data, language, timeZone, currency }: ScreenViewProps<'contest'>) {
  const { t } = useTranslation('scoreboard');
  const format = createCompanyFormat(language, timeZone, currency);
  // Following whatever runs, and nothing does (decision 087): said, not a blank wall.
  if (data.standings === null) {
    return (
      <TvMessage
        icon={<SwordsIcon className="size-[clamp(2.5rem,8vmin,10rem)] text-gold" aria-hidden />}
        title={t('tv.screens.contestNoneRunning')}
        text={t('tv.screens.contestNoneRunningText')}
      />
    );
  }
  const { contest, standings } = data.standings;
  const rows = standings.slice(0, 8);
  const best = computeBestScore(standings.map((row) => row.score));
  const unit = computeContestScoreUnit(contest.weights, contest.kpi);
  const moneyOnly = unit === 'sales_value';
  const show = createContestScoreFormat(contest, format);
  // What the score counts beside it: a metric's word ("31 calls"), a KPI's name; money says so itself.
  const unitWords = (score: number) =>
    typeof unit === 'object' ? pickName(unit.names, language) : moneyOnly ? null : t(`tv.contestUnit.${unit}`, { count: score });
  if (rows.length === 0 || rows.every((row) => row.score === 0)) {
    return (
      <TvMessage
        icon={<SwordsIcon className="size-[clamp(2.5rem,8vmin,10rem)] text-gold" aria-hidden />}
        title={t('tv.screens.contestEmpty')}
        text={contest.prizes ? t('tv.screens.contestPrizes', { prizes: contest.prizes }) : undefined}
      />
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-[clamp(0.5rem,1.6vmin,2rem)]">
      <ol
        aria-label={t('tv.screens.contestStandings')}
        className="flex min-h-0 flex-col gap-[clamp(0.35rem,1.2vmin,1.5rem)]"
        data-testid="tv-contest"
      >
        {rows.map((row) => {
          const share = computeTargetShare(row.score, contest.target) ?? row.score / best;
          const leads = row.rank === 1 && row.score > 0;
          return (
            <li
              key={row.subjectId}
              data-testid="tv-contest-row"
              className={cn(
                'relative overflow-hidden rounded-[clamp(0.6rem,1.6vmin,2rem)] bg-white/5 px-[clamp(0.6rem,2vmin,3rem)] py-[clamp(0.4rem,1.3vmin,1.8rem)] ring-1 ring-white/10',
                leads && 'bg-gold/10 ring-gold/50',
              )}
            >
              <div className="flex items-center gap-[clamp(0.5rem,1.8vmin,2.5rem)]">
                <span
                  className={cn(
                    'grid size-[clamp(1.8rem,5.5vmin,7rem)] shrink-0 place-items-center rounded-full text-[clamp(0.9rem,2.6vmin,3.5rem)] font-extrabold tabular',
                    leads ? 'bg-gold text-sidebar' : 'bg-white/10 text-white',
                  )}
                >
                  {leads ? (
                    <>
                      <CrownIcon className="size-[55%]" aria-hidden />
                      <span className="sr-only">{row.rank}</span>
                    </>
                  ) : (
                    row.rank
                  )}
                </span>
                {row.kind === 'person' ? (
                  <PersonAvatar
                    name={row.name ?? '?'}
                    colorKey={row.subjectId}
                    avatarUrl={row.avatarUrl}
                    className="size-[clamp(1.8rem,5.5vmin,7rem)] shrink-0 text-[clamp(0.7rem,2vmin,2.6rem)]"
                  />
                ) : (
                  <span className="grid size-[clamp(1.8rem,5.5vmin,7rem)] shrink-0 place-items-center rounded-full bg-sky-400/20 text-sky-200">
                    <UsersIcon className="size-[50%]" aria-hidden />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="block text-[clamp(1.1rem,4vmin,5.5rem)] leading-tight font-bold break-words">{row.name ?? '—'}</span>
                  {row.members !== null && (
                    <span className="block text-[clamp(0.7rem,1.9vmin,2.6rem)] text-sidebar-muted">
                      {t('tv.screens.contestMembers', { count: row.members })}
                    </span>
                  )}
                </span>
                <span className={cn('shrink-0 text-[clamp(1.4rem,5vmin,7rem)] font-extrabold tabular', leads ? 'text-gold' : 'text-white')}>
                  {show(row.score)}
                  {/* What the score counts (decision 087): "31 calls", "12 points"; money says so itself. */}
                  {unitWords(row.score) !== null && (
                    <span className="ml-[0.3em] text-[0.42em] font-semibold text-sidebar-muted">{unitWords(row.score)}</span>
                  )}
                </span>
              </div>
              <span
                aria-hidden
                className="mt-[clamp(0.3rem,1vmin,1.2rem)] block h-[clamp(4px,0.8vmin,12px)] overflow-hidden rounded-full bg-white/10"
              >
                <span
                  className={cn('block h-full rounded-full', leads ? 'bg-gold' : 'bg-sky-400/80')}
                  style={{ width: `${Math.max(2, Math.min(1, share) * 100)}%` }}
                />
              </span>
            </li>
          );
        })}
      </ol>
      {contest.prizes && (
        <p className="mt-auto flex items-center gap-[0.5em] text-[clamp(0.9rem,2.6vmin,3.6rem)] text-sidebar-muted">
          <GiftIcon className="size-[1.1em] shrink-0 text-gold" aria-hidden />
          <span className="min-w-0 break-words">{t('tv.screens.contestPrizes', { prizes: contest.prizes })}</span>
        </p>
      )}
    </div>
  );
}
