import { MailIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { SettingsCardSkeleton } from '@web/components/settings-card-skeleton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { useProfileSettings } from '../api/get-profile-settings';
import { useUpdateProfileSettings } from '../api/update-profile-settings';
import { useMe } from '@web/lib/auth/get-me';
import { DigestPreviewButtons } from './digest-preview';

/**
 * Personal tab: the weekly digest mail on or off (decision 047). The same switch as the mail's
 * one-click unsubscribe link; it saves as soon as it is flipped.
 */
export function DigestCard() {
  const { t } = useTranslation('settings');
  const profile = useProfileSettings();
  const update = useUpdateProfileSettings();
  const isAdmin = useMe().data?.profile?.role === 'admin';

  if (profile.isPending) return <SettingsCardSkeleton />;
  if (profile.isError) return <LoadError title={t('digest.loadError')} error={profile.error} onRetry={() => void profile.refetch()} />;

  // While the change is on its way, the switch shows what was asked for.
  const subscribed = update.isPending ? !update.variables.digestOptOut : !profile.data.digestOptOut;

  const onChange = async (checked: boolean) => {
    try {
      await update.mutateAsync({ digestOptOut: !checked });
      toast.success(checked ? t('digest.turnedOn') : t('digest.turnedOff'));
    } catch (error) {
      toast.error(t('digest.saveError'), { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailIcon className="size-4 text-muted-foreground" aria-hidden />
          {t('digest.title')}
        </CardTitle>
        <CardDescription>{t('digest.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-4">
          <Switch
            id="digest-subscribed"
            checked={subscribed}
            disabled={update.isPending}
            onCheckedChange={(checked) => void onChange(checked)}
            aria-describedby="digest-subscribed-hint"
            className="mt-0.5"
          />
          <div className="space-y-1">
            <Label htmlFor="digest-subscribed">{t('digest.label')}</Label>
            <p id="digest-subscribed-hint" className="text-sm text-muted-foreground">
              {subscribed ? t('digest.hintOn') : t('digest.hintOff')}
            </p>
          </div>
        </div>
        {/* Admins see Monday's mail before Monday (decision 088). */}
        {isAdmin && <DigestPreviewButtons />}
      </CardContent>
    </Card>
  );
}
