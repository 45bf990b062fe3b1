import type { Contest } from '@core/contracts';
import { CalendarClockIcon, CrownIcon, FlameIcon, GiftIcon, PlusIcon, TrophyIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { formatDateRange } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { cn } from '@web/lib/cn';
import { describeContestCount } from '@web/lib/contest-score';
import { useContests } from '@web/lib/queries/get-contests';
import { ContestFormDialog } from '../components/contest-form-dialog';

/**
 * Contests (/app/contests, decision 049): what runs now, what is coming, and the past ones with
 * their winners. Everyone reads them; admins and team leads start new ones here.
 */
export function Component() {
  const { t, i18n } = useTranslation('contests');
  const contests = useContests();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  if (contests.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-10 w-56" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (contests.isError) return <LoadError title={t('page.loadError')} error={contests.error} onRetry={() => void contests.refetch()} />;

  const { canCreate } = contests.data;
  const all = contests.data.contests;
  const active = all.filter((c) => c.phase === 'active');
  const upcoming = all.filter((c) => c.phase === 'upcoming');
  const past = all.filter((c) => c.phase === 'past');
  const range = (c: Contest) => formatDateRange(c.startsOn, c.endsOn, i18n.language);

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('page.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('page.description')}</p>
        </div>
        {canCreate && (
          <Button onClick={() => setCreating(true)}>
            <PlusIcon aria-hidden />
            {t('page.create')}
          </Button>
        )}
      </header>

      {all.length === 0 ? (
        <EmptyState
          icon={TrophyIcon}
          title={t('page.emptyTitle')}
          description={canCreate ? t('page.emptyManager') : t('page.emptyMember')}
          action={
            canCreate && (
              <Button onClick={() => setCreating(true)}>
                <PlusIcon aria-hidden />
                {t('page.create')}
              </Button>
            )
          }
        />
      ) : (
        <>
          <Section title={t('page.active')} icon={FlameIcon} empty={t('page.nothingRunning')}>
            {active.map((c) => (
              <ContestCard key={c.id} contest={c} range={range(c)} live />
            ))}
          </Section>
          <Section title={t('page.upcoming')} icon={CalendarClockIcon} empty={t('page.nothingUpcoming')}>
            {upcoming.map((c) => (
              <ContestCard key={c.id} contest={c} range={range(c)} />
            ))}
          </Section>
          {past.length > 0 && (
            <Section title={t('page.past')} icon={CrownIcon}>
              {past.map((c) => (
                <ContestCard key={c.id} contest={c} range={range(c)} />
              ))}
            </Section>
          )}
        </>
      )}

      {creating && (
        <ContestFormDialog
          open={creating}
          onOpenChange={setCreating}
          contest={null}
          onSaved={(c) => void navigate(paths.app.contest(c.id))}
        />
      )}
    </div>
  );
}

function Section({
  title,
  icon: Icon,
  empty,
  children,
}: {
  title: string;
  icon: typeof TrophyIcon;
  empty?: string;
  children: React.ReactNode[];
}) {
  return (
    <section className="space-y-3" aria-label={title}>
      <h2 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        <Icon className="size-4" aria-hidden />
        {title}
      </h2>
      {children.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2">{children}</div>
      )}
    </section>
  );
}

function ContestCard({ contest, range, live = false }: { contest: Contest; range: string; live?: boolean }) {
  const { t, i18n } = useTranslation('contests');
  const winners = contest.winners.map((w) => w.name ?? '—').join(', ');
  return (
    <Link
      to={paths.app.contest(contest.id)}
      aria-label={t('page.open', { name: contest.name })}
      className={cn(
        'group relative flex flex-col gap-2 overflow-hidden rounded-xl border bg-card p-4 shadow-xs transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none',
        live && 'border-primary/40 bg-gradient-to-br from-primary-soft/70 to-card',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{contest.name}</p>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
            live ? 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300' : 'bg-muted text-muted-foreground',
          )}
        >
          {live && <span className="mr-1 inline-block size-1.5 animate-pulse rounded-full bg-red-500 align-middle" aria-hidden />}
          {t(`contest.phase.${contest.phase}`)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        {range} · {describeContestCount(contest, i18n.language, { metric: (metric) => t(`metric.${metric}`), gone: t('contest.kpiGone') })}
      </p>
      {contest.phase === 'past' && (
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <TrophyIcon className="size-4 text-amber-500" aria-hidden />
          {contest.finished ? (winners ? t('page.winners', { names: winners }) : t('page.noWinner')) : t('page.finishing')}
        </p>
      )}
      {contest.prizes && contest.phase !== 'past' && (
        <p className="flex items-center gap-1.5 text-sm">
          <GiftIcon className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="line-clamp-1">{contest.prizes}</span>
        </p>
      )}
    </Link>
  );
}
