import type { BadgeSettings } from '@core/contracts';
import { AwardIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BADGE_LOOKS } from '@web/components/badges/badge-looks';
import { LoadError } from '@web/components/load-error';
import { SettingsCardSkeleton } from '@web/components/settings-card-skeleton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { cn } from '@web/lib/cn';
import { useBadgeSettings } from '../api/get-badge-settings';
import { useUpdateBadgeSetting } from '../api/update-badge-setting';

/**
 * The admins' badge switches (decision 050), one per badge with its look and what earns it. A
 * switch saves as soon as it is flipped; a switched-off badge is not awarded from then on, and
 * those already earned stay shown.
 */
export function BadgeSettingsCard() {
  const { t } = useTranslation(['settings', 'scoreboard']);
  const settings = useBadgeSettings();
  const update = useUpdateBadgeSetting();

  if (settings.isPending) return <SettingsCardSkeleton />;
  if (settings.isError) {
    return <LoadError title={t('settings:badges.loadError')} error={settings.error} onRetry={() => void settings.refetch()} />;
  }

  const onChange = async (kind: BadgeSettings['badges'][number]['kind'], enabled: boolean) => {
    const name = t(`scoreboard:badges.kinds.${kind}.name`);
    try {
      await update.mutateAsync({ kind, enabled });
      toast.success(enabled ? t('settings:badges.turnedOn', { name }) : t('settings:badges.turnedOff', { name }));
    } catch (error) {
      toast.error(t('settings:badges.saveError'), { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <Card data-testid="badge-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AwardIcon className="size-4 text-muted-foreground" aria-hidden />
          {t('settings:badges.title')}
        </CardTitle>
        <CardDescription>{t('settings:badges.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 md:grid-cols-2" aria-label={t('settings:badges.listLabel')}>
          {settings.data.badges.map(({ kind, enabled: saved }) => {
            const { Icon, tone } = BADGE_LOOKS[kind];
            // While a change is on its way, its switch shows what was asked for.
            const pending = update.isPending && update.variables.kind === kind;
            const enabled = pending ? update.variables.enabled : saved;
            const id = `badge-switch-${kind}`;
            return (
              <li
                key={kind}
                className={cn('flex items-center gap-3 rounded-lg border p-3 transition-colors', enabled ? 'bg-card' : 'bg-muted/40')}
              >
                <span
                  className={cn(
                    'flex size-10 shrink-0 items-center justify-center rounded-full ring-2 ring-inset',
                    tone,
                    !enabled && 'grayscale opacity-60',
                  )}
                >
                  <Icon className="size-5" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <Label htmlFor={id} className="text-sm font-medium">
                    {t(`scoreboard:badges.kinds.${kind}.name`)}
                  </Label>
                  <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                    {t(`scoreboard:badges.kinds.${kind}.description`)}
                  </p>
                </div>
                <Switch
                  id={id}
                  checked={enabled}
                  disabled={pending}
                  onCheckedChange={(checked) => void onChange(kind, checked)}
                  aria-describedby={`${id}-hint`}
                  data-testid={`badge-switch-${kind}`}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
