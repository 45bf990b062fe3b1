import { FUNNEL_PERIODS, type FunnelPeriod, type PersonOverview, type TargetMetric, type TargetProgress } from '@core/contracts';
import {
  ArrowLeftIcon,
  ClipboardListIcon,
  FlagIcon,
  type LucideIcon,
  MessageSquareTextIcon,
  PhoneIcon,
  SearchXIcon,
  ShieldAlertIcon,
  ShieldCheckIcon,
  UsersIcon,
} from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ActivityIcon } from '@web/components/activity-icon';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { LoadError } from '@web/components/load-error';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { LazySelect } from '@web/components/ui/lazy-select';
import { Progress } from '@web/components/ui/progress';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { CorrectActivityMenu } from '@web/features/activity/components/correct-activity-menu';
import { LogForMemberButton } from '@web/features/activity/components/log-for-member-button';
import { BadgesCard } from '@web/features/badges/components/badges-card';
import { CoachingNotes } from '@web/features/coaching/components/coaching-notes';
import { PacePill } from '@web/features/targets/components/pace-pill';
import { formatMetricValue, METRIC_ICONS } from '@web/features/targets/lib/metrics';
import { computeActivityKind } from '@web/lib/activity-kind';
import { ApiRequestError } from '@web/lib/api/errors';
import { useMe } from '@web/lib/auth/get-me';
import { cn } from '@web/lib/cn';
import { type CompanyFormat, formatDateRange, useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { paths } from '@web/lib/paths';
import { useCanCorrect, useCorrectableMembers } from '@web/features/activity/lib/correctable-members';
import { usePersonOverview } from './get-person-overview';
import type { PersonTrendPoint } from './person-trend-chart';

/*
 * /app/people/:id, a page per rep (decision 046): the person's day, week and month against the
 * targets in force, their last 12 weeks, the conversion funnel, recent activities and wrap-ups,
 * and (for leads and admins) their coaching notes. It joins the targets feature's pace pills
 * with the boards' numbers, so it lives among the composed screens. The server decides who may
 * open it; the boards link here only for those (web/lib/people.ts).
 */

const PersonTrendChart = lazy(() => import('./person-trend-chart').then((m) => ({ default: m.PersonTrendChart })));

/** The metrics a period card and the trend show, in the targets' order. */
const METRICS: readonly TargetMetric[] = ['calls', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points'];
type PeriodKey = keyof PersonOverview['periods'];
const PERIODS: readonly PeriodKey[] = ['day', 'week', 'month'];

export function Component() {
  const { t } = useTranslation('people');
  const { id = '' } = useParams();
  const [funnel, setFunnel] = useState<FunnelPeriod>('month');
  const overview = usePersonOverview(id, funnel);
  const format = useCompanyFormat();
  const canCorrect = useCanCorrect();

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

function BackLink() {
  const { t } = useTranslation('people');
  const location = useLocation();
  const navigate = useNavigate();
  // Opened from a board: back where the viewer came from; opened from a bookmark: the dashboard.
  const hasHistory = location.key !== 'default';
  return (
    <Button
      asChild={!hasHistory}
      variant="ghost"
      size="sm"
      className="-ml-2 w-fit text-muted-foreground"
      onClick={hasHistory ? () => void navigate(-1) : undefined}
    >
      {hasHistory ? (
        <>
          <ArrowLeftIcon /> {t('back')}
        </>
      ) : (
        <Link to={paths.app.dashboard}>
          <ArrowLeftIcon /> {t('backToDashboard')}
        </Link>
      )}
    </Button>
  );
}

function PersonHeader({ data }: { data: PersonOverview }) {
  const { t } = useTranslation('people');
  const format = useCompanyFormat();
  const me = useMe().data;
  const { person } = data;
  const name = formatMemberName(person, t);
  return (
    <div className="flex flex-col gap-3">
      <BackLink />
      <div className="flex flex-wrap items-center gap-4">
        <PersonAvatar name={name} colorKey={person.userId} avatarUrl={person.avatarUrl} className="size-14 text-lg sm:size-16 sm:text-xl" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-semibold tracking-tight" data-testid="person-name">
            {name}
          </h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
            {person.role === 'admin' ? (
              <Badge variant="soft">
                <ShieldCheckIcon aria-hidden /> {t('roles.admin')}
              </Badge>
            ) : (
              <Badge variant="secondary">{t('roles.user')}</Badge>
            )}
            <Badge variant="outline">
              <UsersIcon aria-hidden /> {person.team?.name ?? t('noTeam')}
            </Badge>
            {person.isSelf && <Badge variant="soft">{t('you')}</Badge>}
            <span className="ml-1">{t('joined', { date: format.date(person.joinedAt) })}</span>
          </div>
        </div>
        {/* Whoever sees someone else's page manages them (their lead, an admin); admins also set their own. */}
        {(!person.isSelf || me?.profile?.role === 'admin') && (
          <Button asChild variant="outline">
            <Link to={paths.app.targets}>
              <FlagIcon /> {t('setTargets')}
            </Link>
          </Button>
        )}
      </div>
    </div>
  );
}

// ---- day, week, month against targets --------------------------------------------------------------

function PeriodCard({ period, data, format }: { period: PeriodKey; data: PersonOverview; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  const { from, to, totals } = data.periods[period];
  const targets = data.targets.filter((target) => target.period === period);
  const headingId = useId();
  return (
    <Card className="min-w-0" data-testid={`person-period-${period}`}>
      <CardHeader className="border-b pb-3">
        <div className="flex items-baseline justify-between gap-2">
          <CardHeading id={headingId}>{t(`periods.${period}`)}</CardHeading>
          <span className="text-xs text-muted-foreground tabular">
            {period === 'day' ? format.shortDay(from) : formatDateRange(from, to, format.locale)}
          </span>
        </div>
      </CardHeader>
      <CardContent className="pt-3">
        <dl className="divide-y" aria-labelledby={headingId}>
          {METRICS.map((metric) => {
            const Icon = METRIC_ICONS[metric];
            const target = targets.find((x) => x.metric === metric);
            return (
              <div
                key={metric}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-2 py-2.5 first:pt-0 last:pb-0"
                data-testid={`person-${period}-${metric}`}
              >
                <dt className="flex min-w-0 items-center gap-2.5 text-sm text-muted-foreground">
                  <Icon className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">
                    {t(`metrics.${metric}`)}
                    {metric === 'calls' && totals.calls > 0 && (
                      <span className="ml-1.5 text-xs">
                        {t('answeredOf', { count: totals.answered, answered: format.number(totals.answered) })}
                      </span>
                    )}
                  </span>
                </dt>
                <dd className="text-base font-semibold tabular" data-slot="value">
                  {formatMetricValue(metric, totals[metric], format)}
                </dd>
                {target && <TargetLine target={target} format={format} />}
              </div>
            );
          })}
        </dl>
      </CardContent>
    </Card>
  );
}

function TargetLine({ target, format }: { target: TargetProgress; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  const value = (n: number) => formatMetricValue(target.metric, n, format);
  const percent = Math.min(100, Math.round((target.progress / target.value) * 100));
  return (
    <dd className="col-span-2 mt-2 space-y-1.5 pl-6.5" data-testid={`person-target-${target.metric}-${target.period}`}>
      <Progress value={percent} aria-label={t('target.label', { metric: t(`metrics.${target.metric}`) })} className="h-1.5" />
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <span className="tabular">
          {t('target.of', { target: value(target.value) })}
          {target.pace !== 'no-working-days' && <> · {t('target.expected', { expected: value(Math.round(target.expected)) })}</>}
        </span>
        <PacePill pace={target.pace} />
      </div>
    </dd>
  );
}

// ---- the 12 weeks ----------------------------------------------------------------------------------

function TrendCard({ data, format }: { data: PersonOverview; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  const [metric, setMetric] = useState<TargetMetric>('calls');
  const metricName = t(`metrics.${metric}`);
  const value = (n: number) => formatMetricValue(metric, n, format);
  const points: PersonTrendPoint[] = data.weeks.map((week, index) => ({
    label: t('trend.week', { week: week.isoWeek }),
    range: formatDateRange(week.from, week.to, format.locale),
    value: week.totals[metric],
    isCurrent: index === data.weeks.length - 1,
  }));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const best = points.reduce((top, p) => (p.value > top.value ? p : top), points[0]!);
  const summary =
    total === 0
      ? t('trend.summaryEmpty', { metric: metricName })
      : t('trend.summary', {
          metric: metricName,
          total: value(total),
          best: value(best.value),
          bestWeek: best.label,
          current: value(points.at(-1)!.value),
        });
  return (
    <Card className="min-w-0" data-testid="person-trend">
      <Tabs value={metric} onValueChange={(next) => setMetric(next as TargetMetric)}>
        <CardHeader className="gap-3 border-b pb-4">
          <div>
            <CardHeading>{t('trend.heading')}</CardHeading>
            <CardDescription>{t('trend.description')}</CardDescription>
          </div>
          <TabsList aria-label={t('trend.metricLabel')} className="max-w-full justify-start overflow-x-auto">
            {METRICS.map((m) => (
              <TabsTrigger key={m} value={m} className="px-2.5 text-xs sm:text-sm">
                {t(`metrics.${m}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </CardHeader>
        {/* The shown metric's panel (the tabs name it); the chart and table below change with the tab. */}
        <TabsContent value={metric} className="mt-0">
          <CardContent className="pt-4">
            <div role="img" aria-label={summary} className="relative h-56 w-full sm:h-64" data-testid="person-trend-chart">
              <Suspense fallback={<Skeleton className="h-full w-full" />}>
                <PersonTrendChart points={points} formatValue={value} name={metricName} />
              </Suspense>
              {total === 0 && (
                <p className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground" aria-hidden>
                  {t('trend.empty')}
                </p>
              )}
            </div>
            <details className="mt-3 text-sm">
              <summary className="w-fit cursor-pointer rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring">
                {t('trend.showTable')}
              </summary>
              <table className="mt-2 w-full text-sm" data-testid="person-trend-table">
                <caption className="sr-only">{summary}</caption>
                <thead>
                  <tr className="border-b text-left text-xs text-muted-foreground">
                    <th scope="col" className="py-1.5 font-medium">
                      {t('trend.weekColumn')}
                    </th>
                    <th scope="col" className="py-1.5 font-medium">
                      {t('trend.datesColumn')}
                    </th>
                    <th scope="col" className="py-1.5 text-right font-medium">
                      {metricName}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((point) => (
                    <tr key={point.label} className="border-b last:border-0">
                      <th scope="row" className="py-1.5 text-left font-medium">
                        {point.label}
                      </th>
                      <td className="py-1.5 text-muted-foreground">{point.range}</td>
                      <td className="py-1.5 text-right tabular">{value(point.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </CardContent>
        </TabsContent>
      </Tabs>
    </Card>
  );
}

// ---- the funnel ------------------------------------------------------------------------------------

function FunnelCard({
  data,
  format,
  funnel,
  onFunnelChange,
  isFetching,
}: {
  data: PersonOverview;
  format: CompanyFormat;
  funnel: FunnelPeriod;
  onFunnelChange: (period: FunnelPeriod) => void;
  isFetching: boolean;
}) {
  const { t } = useTranslation('people');
  const labelId = useId();
  const { stages, overall } = data.funnel;
  const widest = Math.max(1, ...stages.map((s) => s.count));
  return (
    <Card className="flex min-w-0 flex-col" data-testid="person-funnel">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 border-b pb-4">
        <div className="min-w-0">
          <CardHeading>{t('funnel.heading')}</CardHeading>
          <CardDescription>{formatDateRange(data.funnel.from, data.funnel.to, format.locale)}</CardDescription>
        </div>
        <span id={labelId} className="sr-only">
          {t('funnel.periodLabel')}
        </span>
        <LazySelect
          value={funnel}
          onValueChange={onFunnelChange}
          options={FUNNEL_PERIODS.map((period) => ({ value: period, label: t(`funnel.periods.${period}`) }))}
          className="w-40"
          aria-labelledby={labelId}
        />
      </CardHeader>
      <CardContent
        className={cn('flex flex-1 flex-col pt-4 transition-opacity', isFetching && 'opacity-60')}
        aria-busy={isFetching || undefined}
      >
        <ol className="mb-4 flex flex-col gap-3">
          {stages.map((stage, index) => (
            <li key={stage.step} data-testid={`funnel-${stage.step}`}>
              <div className="mb-1 flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{t(`funnel.steps.${stage.step}`)}</span>
                <span className="flex items-baseline gap-2">
                  {index > 0 && (
                    <span className="text-xs text-muted-foreground tabular" data-slot="rate">
                      {stage.rate === null ? '–' : t('funnel.rate', { rate: format.percent(stage.rate) })}
                    </span>
                  )}
                  <span className="font-semibold tabular" data-slot="count">
                    {format.number(stage.count)}
                  </span>
                </span>
              </div>
              <div className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                <div
                  className="h-full rounded-full bg-primary transition-[width] duration-500"
                  style={{ width: `${(stage.count / widest) * 100}%`, opacity: 1 - index * 0.12 }}
                />
              </div>
            </li>
          ))}
        </ol>
        <p
          className="mt-auto flex items-baseline justify-between gap-3 border-t pt-3 text-sm text-muted-foreground"
          data-testid="funnel-overall"
        >
          {overall === null ? (
            t('funnel.overallNone')
          ) : (
            <>
              <span>{t('funnel.overallLabel')}</span>
              <span className="text-2xl font-semibold tracking-tight text-foreground tabular">{format.percent(overall)}</span>
            </>
          )}
        </p>
      </CardContent>
    </Card>
  );
}

// ---- recent activities and wrap-ups -----------------------------------------------------------------

/** How many activities show before "Show all": the card stays beside the wrap-ups rather than running down the page. */
const ACTIVITIES_SHOWN_FIRST = 8;

function ActivitiesCard({ data, format, canCorrect }: { data: PersonOverview; format: CompanyFormat; canCorrect: boolean }) {
  const { t } = useTranslation('people');
  const { activities, today } = data;
  const [isExpanded, setIsExpanded] = useState(false);
  const shown = isExpanded ? activities : activities.slice(0, ACTIVITIES_SHOWN_FIRST);
  const person = { userId: data.person.userId, name: formatMemberName(data.person, t) };
  const members = useCorrectableMembers(t);
  // The person is among whom an activity may go, even when the list has not come in yet.
  const scope = { today, members: members.some((m) => m.userId === person.userId) ? members : [person, ...members] };
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0 border-b pb-4">
        <div className="min-w-0 space-y-1.5">
          <CardHeading>{t('activities.heading')}</CardHeading>
          <CardDescription>{t('activities.description')}</CardDescription>
        </div>
        {/* A manager logs on the person's behalf (decision 086). */}
        {canCorrect && <LogForMemberButton member={person} today={today} />}
      </CardHeader>
      {activities.length === 0 ? (
        <EmptyState
          className="m-4 border-0 bg-transparent py-8"
          icon={PhoneIcon}
          title={t('activities.empty')}
          description={t('activities.emptyText')}
        />
      ) : (
        <ol className="divide-y" aria-label={t('activities.heading')} data-testid="person-activities">
          {shown.map((activity) => (
            <li key={activity.id} className="flex items-center gap-3 px-4 py-2.5 sm:px-5">
              <ActivityIcon type={activity.type} className="size-8" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  {t(`activities.kinds.${computeActivityKind(activity)}`)}
                  {activity.customerName && <span className="font-normal text-muted-foreground"> · {activity.customerName}</span>}
                </p>
                {(activity.ticketSize !== null || activity.notes) && (
                  <p className="truncate text-xs text-muted-foreground">
                    {activity.ticketSize !== null && (
                      <span className="font-medium text-foreground">{format.money(activity.ticketSize)}</span>
                    )}
                    {activity.ticketSize !== null && activity.notes && ' · '}
                    {activity.notes}
                  </p>
                )}
              </div>
              <span className={cn('text-sm font-semibold tabular', activity.points > 0 ? 'text-success-strong' : 'text-muted-foreground')}>
                +{format.number(activity.points)}
              </span>
              <time
                className="w-24 shrink-0 text-right text-xs whitespace-nowrap text-muted-foreground tabular"
                dateTime={activity.createdAt}
                title={format.dateTime(activity.createdAt)}
              >
                {format.activityTime(activity.createdAt, today)}
              </time>
              {canCorrect && (
                <CorrectActivityMenu
                  activityId={activity.id}
                  name={`${t(`activities.kinds.${computeActivityKind(activity)}`)}, ${format.activityTime(activity.createdAt, today)}`}
                  scope={scope}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {activities.length > ACTIVITIES_SHOWN_FIRST && (
        <div className="border-t px-4 py-2 sm:px-5">
          <Button variant="ghost" size="sm" className="-ml-2" aria-expanded={isExpanded} onClick={() => setIsExpanded((open) => !open)}>
            {isExpanded ? t('activities.showFewer') : t('activities.showAll', { count: activities.length })}
          </Button>
        </div>
      )}
    </Card>
  );
}

function WrapupsCard({ data, format }: { data: PersonOverview; format: CompanyFormat }) {
  const { t } = useTranslation('people');
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="border-b pb-4">
        <CardHeading>{t('wrapups.heading')}</CardHeading>
        <CardDescription>{t('wrapups.description')}</CardDescription>
      </CardHeader>
      {data.wrapups.length === 0 ? (
        <EmptyState
          className="m-4 border-0 bg-transparent py-8"
          icon={ClipboardListIcon}
          title={t('wrapups.empty')}
          description={t('wrapups.emptyText')}
        />
      ) : (
        <ol className="divide-y" aria-label={t('wrapups.heading')} data-testid="person-wrapups">
          {data.wrapups.map((wrapup) => (
            <li key={wrapup.id}>
              <Link
                to={paths.app.coachingWrapup(wrapup.id)}
                className="flex flex-col gap-1.5 px-4 py-3 outline-none hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-5"
                aria-label={t('wrapups.open', { date: format.longDay(wrapup.date) })}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium">{format.longDay(wrapup.date)}</span>
                  <MessageSquareTextIcon className="size-4 text-muted-foreground" aria-hidden />
                </span>
                <span className="flex flex-wrap gap-1.5">
                  {(['calls', 'meetings', 'sales', 'points'] as const).map((key) => (
                    <Badge key={key} variant="secondary" className="tabular">
                      {t(`wrapups.numbers.${key}`, { count: wrapup[key], value: format.number(wrapup[key]) })}
                    </Badge>
                  ))}
                </span>
                {(wrapup.good || wrapup.improve) && (
                  <span className="line-clamp-2 text-xs text-muted-foreground">{wrapup.good ?? wrapup.improve}</span>
                )}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

// ---- coaching notes --------------------------------------------------------------------------------

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
