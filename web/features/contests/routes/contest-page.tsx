import { cn } from '@web/lib/cn';
import { computeTargetShare, computeTimeLeft } from '@core/contests';
import { ArrowLeftIcon, GiftIcon, PencilIcon, TargetIcon, TimerIcon, Trash2Icon, TrophyIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '@web/components/ui/toaster';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { ContestStandings } from '@web/components/contest-standings';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiRequestError } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { formatDateRange, useCompanyFormat } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { createContestScoreFormat, describeContestCount } from '@web/lib/contest-score';
import { useContest } from '@web/lib/queries/get-contests';
import { useDeleteContest } from '../api/save-contest';
import { ContestFormDialog } from '../components/contest-form-dialog';

/** The time left ticks each minute; the standings themselves refresh on live changes. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * One contest (/app/contests/:id, decision 049): the live standings (refetched on every activity
 * and feed event), the progress to the target, the time left, the prizes, and, for whoever may
 * manage it, edit and delete.
 */
export function Component() {
  const { t, i18n } = useTranslation('contests');
  const { id = '' } = useParams();
  const query = useContest(id);
  const { data: me } = useMe();
  const format = useCompanyFormat();
  const navigate = useNavigate();
  const remove = useDeleteContest();
  const now = useNow(30_000);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiRequestError && query.error.status === 404) {
      return (
        <EmptyState
          icon={TrophyIcon}
          title={t('contest.notFoundTitle')}
          description={t('contest.notFoundText')}
          action={
            <Button asChild variant="outline">
              <Link to={paths.app.contests}>{t('contest.back')}</Link>
            </Button>
          }
        />
      );
    }
    return <LoadError title={t('contest.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  }

  const data = query.data;
  const { contest, standings } = data;
  const leader = standings[0] && standings[0].score > 0 ? standings[0] : null;
  const share = leader ? computeTargetShare(leader.score, contest.target) : contest.target === null ? null : 0;
  const left = computeTimeLeft(new Date(contest.phase === 'upcoming' ? contest.startsAt : contest.endsAt), now);
  const isOver = contest.phase === 'past' || (contest.phase === 'active' && left.over);
  const isDecided = contest.finished && contest.winners.length > 0;
  /** Nobody has scored in a contest without a target: its leader's card says so in a sentence. */
  const noLeaderYet = contest.target === null && !isDecided && !leader;
  const formatScore = createContestScoreFormat(contest, format);
  const mine = contest.mode === 'team' ? undefined : me?.user?.id;

  return (
    <div className="space-y-6">
      <Link to={paths.app.contests} className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        {t('contest.back')}
      </Link>

      <header className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-primary/90 via-primary to-indigo-700 p-5 dark:to-[oklch(0.66_0.12_240)] text-primary-foreground shadow-md sm:p-7">
        <TrophyIcon className="pointer-events-none absolute -right-6 -bottom-8 size-40 opacity-15" aria-hidden />
        <div className="relative flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <p className="text-xs font-semibold tracking-widest uppercase opacity-80">
              {t(`contest.phase.${contest.phase}`)} · {formatDateRange(contest.startsOn, contest.endsOn, i18n.language)}
            </p>
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{contest.name}</h1>
            <p className="text-sm opacity-90">
              {describeContestCount(contest, i18n.language, { metric: (metric) => t(`metric.${metric}`), gone: t('contest.kpiGone') })}
              {' · '}
              {t(`form.modeOptions.${contest.mode}`)}
            </p>
          </div>
          {contest.canManage && (
            <div className="flex gap-2">
              {!contest.finished && (
                <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                  <PencilIcon aria-hidden />
                  {t('contest.edit')}
                </Button>
              )}
              <Button variant="secondary" size="sm" onClick={() => setDeleting(true)} aria-label={t('contest.delete')}>
                <Trash2Icon aria-hidden />
              </Button>
            </div>
          )}
        </div>
        {contest.phase === 'past' && contest.finished && (
          <p className="relative mt-4 flex items-center gap-2 text-lg font-semibold">
            <TrophyIcon className="size-5 text-amber-300" aria-hidden />
            {contest.winners.length > 0
              ? t('page.winners', { names: contest.winners.map((w) => w.name ?? '—').join(', ') })
              : t('page.noWinner')}
          </p>
        )}
      </header>

      <div className="grid gap-3 sm:grid-cols-3">
        <Card>
          <CardContent className="flex items-center gap-3 p-4">
            <TimerIcon className="size-8 shrink-0 text-primary" aria-hidden />
            <div>
              {/* Over, it says when it ended, not "Time left: Over". */}
              <p className="text-xs text-muted-foreground">
                {contest.phase === 'upcoming' ? t('contest.startsIn') : isOver ? t('contest.ended') : t('contest.timeLeft')}
              </p>
              <p className="text-lg font-semibold tabular-nums" data-testid="contest-time-left">
                {isOver ? format.shortDay(contest.endsOn) : left.days > 0 ? t('contest.endsIn', left) : t('contest.endsInHours', left)}
              </p>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="space-y-2 p-4">
            <div className="flex items-center gap-3">
              <TargetIcon className="size-8 shrink-0 text-primary" aria-hidden />
              <div className="min-w-0">
                <p className="text-xs text-muted-foreground">
                  {contest.target !== null
                    ? t('contest.target')
                    : isDecided
                      ? t(contest.winners.length > 1 ? 'contest.winners' : 'contest.winner')
                      : t('contest.leader')}
                </p>
                {/* The label says Leader or Winner; the line is the name alone (not "Leader: Leading: …").
                    A name is cut to its line; the sentence before anyone scores wraps, to be read whole. */}
                <p className={cn('text-sm font-medium', noLeaderYet ? 'text-pretty' : 'truncate')}>
                  {contest.target === null
                    ? isDecided
                      ? contest.winners.map((w) => w.name ?? '—').join(', ')
                      : noLeaderYet
                        ? t('page.noLeader')
                        : (leader?.name ?? '—')
                    : t('contest.targetProgress', {
                        leader: leader?.name ?? '—',
                        score: formatScore(leader?.score ?? 0),
                        target: formatScore(contest.target),
                      })}
                </p>
              </div>
            </div>
            {share !== null && (
              <div
                className="h-2 rounded-full bg-muted"
                role="progressbar"
                aria-label={t('contest.target')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(share * 100)}
              >
                <div
                  className="h-full rounded-full bg-emerald-500 transition-[width] duration-700"
                  style={{ width: `${Math.round(share * 100)}%` }}
                />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex items-center gap-3 p-4">
            <GiftIcon className="size-8 shrink-0 text-primary" aria-hidden />
            <div className="min-w-0">
              <p className="text-xs text-muted-foreground">{t('contest.prizes')}</p>
              <p className="text-sm font-medium break-words">{contest.prizes || t('contest.noPrizes')}</p>
            </div>
          </CardContent>
        </Card>
      </div>

      <section className="space-y-3" aria-labelledby="contest-standings">
        <h2 id="contest-standings" className="text-lg font-semibold">
          {t('contest.standings')}
        </h2>
        <ContestStandings data={data} format={format} formatScore={formatScore} formatDay={format.shortDay} highlightId={mine} />
        <p className="text-xs text-muted-foreground">{t('contest.tieRule')}</p>
      </section>

      {editing && <ContestFormDialog open={editing} onOpenChange={setEditing} contest={contest} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('contest.deleteTitle', { name: contest.name })}
        description={t('contest.deleteText')}
        confirmLabel={t('contest.delete')}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() =>
          remove.mutate(contest.id, {
            onSuccess: () => {
              toast.success(t('contest.deleted'));
              void navigate(paths.app.contests);
            },
          })
        }
      />
    </div>
  );
}
