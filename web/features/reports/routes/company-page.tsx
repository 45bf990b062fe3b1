import type { CompanyPage } from '@core/contracts';
import { Building2Icon, CalendarDaysIcon, GlobeIcon, TrophyIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CardHeading } from '@web/components/card-heading';
import { EmptyState } from '@web/components/empty-state';
import { ExportMenu, type ExportTarget } from '@web/components/export-menu';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PersonAvatar } from '@web/components/person-avatar';
import { LeaderboardSkeleton } from '@web/components/scoreboard/leaderboard-table';
import { Badge } from '@web/components/ui/badge';
import { Card, CardDescription, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiRequestError } from '@web/lib/api';
import { useAuth } from '@web/lib/auth/auth-provider';
import { type CompanyFormat, useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { useLeaderboard } from '@web/lib/queries/get-leaderboard';
import { usePersonPageHref } from '@web/lib/people';
import { useLoggedError } from '@web/lib/use-logged-error';
import { TeamFilter } from '@web/components/team-filter';
import { useTeamFilter } from '@web/lib/teams';
import { useCompanyPage } from '../api/get-company-page';
import { TeamComparisonCard } from '../components/team-comparison-card';
import { TodayLeaderboardTable } from '../components/today-leaderboard-table';

/** Today's leaderboard (by calls, as the page sorts it) and the member list. */
const COMPANY_EXPORTS: readonly ExportTarget[] = [{ kind: 'leaderboard', period: { period: 'today' }, sort: 'calls' }, { kind: 'members' }];

/** /app/company: the company's name, size, time zone and age, today's leaderboard and the members. */
export function Component() {
  const { t } = useTranslation('scoreboard');
  const { me } = useAuth();
  const format = useCompanyFormat();
  const { teamId } = useTeamFilter();
  const company = useCompanyPage(teamId);
  const hasNoCompany = !me?.company || (company.error instanceof ApiRequestError && company.error.status === 404);

  if (hasNoCompany) {
    return (
      <>
        <PageHeader title={t('company.title')} />
        <EmptyState icon={Building2Icon} title={t('company.noCompany')} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('company.title')}
        description={t('company.subtitle')}
        actions={
          <>
            <TeamFilter />
            <ExportMenu targets={COMPANY_EXPORTS} />
          </>
        }
      />
      {company.isError && !company.data ? (
        <LoadError title={t('company.failed')} error={company.error} onRetry={company.refetch} layout="stacked" />
      ) : (
        <div className="flex flex-col gap-6">
          <CompanyFacts page={company.data} format={format} />
          <TeamComparisonCard format={format} />
          <div className="grid gap-6 lg:grid-cols-2">
            <CompanyLeaderboardCard format={format} />
            <MembersCard page={company.data} format={format} />
          </div>
        </div>
      )}
    </>
  );
}

function CompanyFacts({ page, format }: { page: CompanyPage | undefined; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const facts = [
    { icon: UsersIcon, label: t('company.members'), value: page ? format.number(page.memberCount) : undefined, slot: 'member-count' },
    { icon: GlobeIcon, label: t('company.timezone'), value: page?.company.timezone, slot: 'timezone' },
    { icon: CalendarDaysIcon, label: t('company.created'), value: page ? format.date(page.company.createdAt) : undefined, slot: 'created' },
  ];
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-sm">
          <Building2Icon className="size-7" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('company.name')}</p>
          <h2 className="truncate text-2xl font-semibold tracking-tight" data-slot="company-name">
            {page?.company.name ?? <span aria-hidden className="inline-block h-7 w-48 animate-pulse rounded-md bg-muted" />}
          </h2>
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:min-w-[34rem]">
        {facts.map(({ icon: Icon, label, value, slot }) => (
          <div key={slot} className="flex min-w-0 flex-col gap-1 rounded-lg bg-muted/60 px-4 py-3">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Icon className="size-3.5 shrink-0 text-primary" aria-hidden />
              {label}
            </dt>
            <dd className="truncate text-sm font-semibold" data-slot={slot}>
              {value ?? <Skeleton className="h-5 w-20" />}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function CompanyLeaderboardCard({ format }: { format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  const { teamId } = useTeamFilter();
  const board = useLeaderboard({ period: 'today', sort: 'calls', teamId });
  useLoggedError("today's leaderboard", board.error);
  const rows = board.data?.rows ?? [];
  const personHref = usePersonPageHref();
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="border-b pb-4">
        <CardHeading>{t('company.todayLeaderboard')}</CardHeading>
        <CardDescription>{t('company.todayLeaderboardHint')}</CardDescription>
      </CardHeader>
      {board.isPending ? (
        <LeaderboardSkeleton />
      ) : rows.length === 0 ? (
        <EmptyState className="m-4 border-0 bg-transparent py-8" icon={TrophyIcon} title={t('teamOverview.noLeaderboard')} />
      ) : (
        <TodayLeaderboardTable rows={rows} format={format} caption={t('company.todayLeaderboard')} personHref={personHref} />
      )}
    </Card>
  );
}

function MembersCard({ page, format }: { page: CompanyPage | undefined; format: CompanyFormat }) {
  const { t } = useTranslation('scoreboard');
  return (
    <Card className="min-w-0 self-start overflow-hidden">
      <CardHeader className="border-b pb-4">
        <CardHeading>{t('company.memberList')}</CardHeading>
        <CardDescription>{page ? t('company.memberCount', { count: page.memberCount }) : t('status.loading')}</CardDescription>
      </CardHeader>
      {!page ? (
        <LeaderboardSkeleton rows={4} />
      ) : (
        <ul className="divide-y" aria-label={t('company.memberList')}>
          {page.members.map((member) => {
            const name = formatMemberName(member, t);
            return (
              <li key={member.userId} data-testid="company-member" className="flex items-center gap-3 px-4 py-3 sm:px-5">
                <PersonAvatar name={name} colorKey={member.userId} avatarUrl={member.avatarUrl} className="size-9" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{name}</p>
                  <p className="text-xs text-muted-foreground">{t('company.joined', { date: format.date(member.joinedAt) })}</p>
                </div>
                <Badge variant={member.role === 'admin' ? 'default' : 'secondary'}>{t(`company.role.${member.role}`)}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
