import { RocketIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { useAuth } from '@web/lib/auth/auth-provider';
import { paths } from '@web/lib/paths';
import { useSetupState } from '@web/lib/queries/get-setup';

/** Settings, Company tab (admins): the way back into the first-run setup, with how far it got. */
export function SetupLinkCard() {
  const { t } = useTranslation('settings');
  const { isAdmin } = useAuth();
  const setup = useSetupState({ enabled: isAdmin });
  if (!isAdmin) return null;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
        <div className="flex items-start gap-3">
          <RocketIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="space-y-1.5">
            <CardTitle>{t('setup.settingsCardTitle')}</CardTitle>
            <CardDescription>
              {t('setup.settingsCardText')}
              {setup.data?.total && ` ${t('setup.progress', { done: setup.data.doneCount, total: setup.data.total })}.`}
            </CardDescription>
          </div>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.app.setup()}>{t('setup.openSetup')}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}
