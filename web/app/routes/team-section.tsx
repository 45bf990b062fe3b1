import { ArrowRightIcon, ShieldIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { SignupPolicyCard } from '@web/features/company/components/signup-policy-card';
import { InvitationsCard } from '@web/features/invitations/components/invitations-card';
import { MembersCard } from '@web/features/members/components/members-card';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';

/**
 * Settings, Team: invitations and member roles (admins), the member list (everyone).
 * Administration, Users: the same, members first, with removal from the company.
 * Composed here from three features: team (members), invitations, company (the sign-up policy).
 */
export function TeamSection({ variant }: { variant: 'settings' | 'admin' }) {
  const { t } = useTranslation('settings');
  const { isAdmin } = useAuth();
  if (!isAdmin) {
    return (
      <div className="space-y-6">
        <Alert>
          <ShieldIcon />
          <AlertDescription>{t('team.userNote')}</AlertDescription>
        </Alert>
        <MembersCard />
      </div>
    );
  }
  if (variant === 'admin') {
    return (
      <div className="space-y-6">
        <MembersCard canRemove />
        <InvitationsCard />
        <SignupPolicyCard />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <InvitationsCard />
      <MembersCard />
      <p className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        {t('team.removeHint')}
        <Link to={paths.admin.users} className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
          {t('team.removeHintLink')} <ArrowRightIcon className="size-3.5" aria-hidden />
        </Link>
      </p>
      <SignupPolicyCard />
    </div>
  );
}
