import { FlagIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@web/components/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { ApiRequestError } from '@web/lib/api';
import { useTargetSubjects } from '../api/get-target-subjects';
import { TargetsAdmin } from '../components/targets-admin';
import { TeamGoalsCard } from '../components/team-goals-card';

/**
 * Targets (/app/targets): where a team lead, or an admin, sets targets for their teams and people
 * and their people's daily goals (decision 044). What the viewer may manage is the server's answer;
 * someone who leads no team is told so rather than shown an error. The working calendar stays with
 * the admins (Administration, Targets).
 */
export function Component() {
  const { t } = useTranslation('targets');
  const subjects = useTargetSubjects();
  if (subjects.isPending) return <Skeleton className="h-48 w-full" />;
  if (subjects.isError && subjects.error instanceof ApiRequestError && subjects.error.status === 403) {
    return <EmptyState icon={FlagIcon} title={t('page.notLeadTitle')} description={t('page.notLeadText')} />;
  }
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('page.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('page.description')}</p>
      </header>
      <TargetsAdmin title={t('page.formTitle')} />
      <TeamGoalsCard />
    </div>
  );
}
