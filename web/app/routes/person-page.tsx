import { type FunnelPeriod, type PersonOverview } from '@core/contracts';
import { type LucideIcon, SearchXIcon, ShieldAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { BadgesCard } from '@web/features/badges/components/badges-card';
import { CoachingNotes } from '@web/features/coaching/components/coaching-notes';
import { ApiRequestError } from '@web/lib/api/errors';
import { useCompanyFormat } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { useMayOpenPersonPage } from '@web/lib/people';
import { useCanCorrect } from '@web/features/activity/lib/correctable-members';
import { usePersonOverview } from './get-person-overview';
import { ActivitiesCard } from './person/activities-card';
import { FunnelCard } from './person/funnel-card';
import { KpisCard } from './person/kpis-card';
import { PERIODS, PeriodCard } from './person/period-card';
import { BackLink, PersonHeader } from './person/person-header';
import { TrendCard } from './person/trend-card';
import { WrapupsCard } from './person/wrapups-card';

/*
 * /app/people/:id, a page per rep (decision 046): the person's day, week and month against the
 * targets in force, their last 12 weeks, the conversion funnel, recent activities and wrap-ups,
 * and (for leads and admins) their coaching notes. It joins the targets feature's pace pills
 * with the boards' numbers, so it lives among the composed screens. The server decides who may
 * open it; the boards link here only for those (web/lib/people.ts).
 */

export function Component() {
  const { t } = useTranslation('people');
  const { id = '' } = useParams();
  const [funnel, setFunnel] = useState<FunnelPeriod>('month');
  const mayOpen = useMayOpenPersonPage(id);
  const overview = usePersonOverview(id, funnel, mayOpen === true);
  const format = useCompanyFormat();
  const canCorrect = useCanCorrect();

  // Refused before asking where the rule already says no (a rep opening a colleague's address).
  if (mayOpen === false)
    return <Refusal icon={ShieldAlertIcon} title={t('refused.title')} text={t('refused.text')} testId="person-refused" />;
  if (overview.isPending) return <PersonPageSkeleton />;
  if (overview.isError && !overview.data) {
    const status = overview.error instanceof ApiRequestError ? overview.error.status : 0;
    if (status === 403)
      return <Refusal icon={ShieldAlertIcon} title={t('refused.title')} text={t('refused.text')} testId="person-refused" />;
    if (status === 404)
      return <Refusal icon={SearchXIcon} title={t('notFound.title')} text={t('notFound.text')} testId="person-not-found" />;
    return (
      <>
        <BackLink />
        <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} layout="stacked" />
      </>
    );
  }
  const data = overview.data;
  return (
    <div className="flex flex-col gap-6" data-testid="person-page">
      <PersonHeader data={data} />
      <section aria-labelledby="person-periods" className="flex flex-col gap-3">
        <h2 id="person-periods" className="sr-only">
          {t('periods.heading')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          {PERIODS.map((period) => (
            <PeriodCard key={period} period={period} data={data} format={format} />
          ))}
        </div>
      </section>
      <KpisCard data={data} />
      <BadgesCard userId={data.person.userId} isSelf={data.person.isSelf} />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <TrendCard data={data} format={format} />
        <FunnelCard data={data} format={format} funnel={funnel} onFunnelChange={setFunnel} isFetching={overview.isFetching} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <ActivitiesCard data={data} format={format} canCorrect={canCorrect(data.person.userId)} />
        <WrapupsCard data={data} format={format} />
      </div>
      <CoachingNotesSlot data={data} />
    </div>
  );
}

// ---- header ----------------------------------------------------------------------------------------

/**
 * The private 1:1 notes and follow-ups about this person (decision 045), for their team's lead and
 * admins. Nobody coaches themself, so one's own page has none; `CoachingNotes` itself shows nothing
 * to a viewer the server refuses.
 */
function CoachingNotesSlot({ data }: { data: PersonOverview }) {
  const { t } = useTranslation('people');
  if (data.person.isSelf) return null;
  return (
    <section aria-label={t('coaching.heading')} data-testid="person-coaching-notes" className="space-y-2">
      <CoachingNotes memberId={data.person.userId} />
      <p className="text-right text-sm">
        <Link
          to={paths.app.coaching({ member: data.person.userId })}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('coaching.open')}
        </Link>
      </p>
    </section>
  );
}

// ---- loading and refusals --------------------------------------------------------------------------

function Refusal({ icon, title, text, testId }: { icon: LucideIcon; title: string; text: string; testId: string }) {
  const { t } = useTranslation('people');
  return (
    <div className="flex flex-col gap-3" data-testid={testId}>
      <EmptyState
        icon={icon}
        title={
          <span role="heading" aria-level={1}>
            {title}
          </span>
        }
        description={text}
        action={
          <Button asChild>
            <Link to={paths.app.dashboard}>{t('backToDashboard')}</Link>
          </Button>
        }
      />
    </div>
  );
}

function PersonPageSkeleton() {
  const { t } = useTranslation('people');
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label={t('loading')}>
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-5 w-64" />
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {PERIODS.map((period) => (
          <Skeleton key={period} className="h-72 w-full rounded-xl" />
        ))}
      </div>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Skeleton className="h-80 w-full rounded-xl" />
        <Skeleton className="h-80 w-full rounded-xl" />
      </div>
    </div>
  );
}
