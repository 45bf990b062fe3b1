import { type PersonOverview } from '@core/contracts';
import { ArrowLeftIcon, FlagIcon, ShieldCheckIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PersonAvatar } from '@web/components/person-avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useMe } from '@web/lib/auth/get-me';
import { useCompanyFormat } from '@web/lib/format';
import { formatMemberName } from '@web/lib/member-name';
import { paths } from '@web/lib/paths';

/* The top of a person's page: the way back and who they are (decision 046). */

export function BackLink() {
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

export function PersonHeader({ data }: { data: PersonOverview }) {
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
