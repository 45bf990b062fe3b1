import type { PushPreferences } from '@core/contracts';
import { BellIcon, BellOffIcon, SmartphoneIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@web/components/load-error';
import { SettingsCardSkeleton } from '@web/components/settings-card-skeleton';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { TimeInput } from '@web/components/time-input';
import { Label } from '@web/components/ui/label';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/components/ui/toaster';
import { formatDate } from '@web/lib/format';
import { usePushSettings } from '../api/get-push-settings';
import { useTogglePushDevice } from '../api/toggle-push-device';
import { useUpdatePushPreferences } from '../api/update-push-preferences';
import { PushPermissionRefused, PushTimedOut, type PushDeviceState, readPushDeviceState } from '../lib/push-device';

type Switchable = 'contestStarted' | 'badgeEarned' | 'wrapupComment' | 'wrapupReminder';
const SWITCHES: readonly Switchable[] = ['contestStarted', 'badgeEarned', 'wrapupComment', 'wrapupReminder'];
const DEFAULT_QUIET = { quietFrom: '22:00', quietTo: '07:00' } as const;

/**
 * Personal tab: push notifications (decision 055). This device on or off (the browser asks for
 * permission), which notifications, the wrap-up reminder's time and quiet hours, on the company's
 * clock. Every change saves at once, like the digest's switch.
 */
export function NotificationsCard() {
  const { t } = useTranslation('settings');
  const settings = usePushSettings();
  const update = useUpdatePushPreferences();

  if (settings.isPending) return <SettingsCardSkeleton />;
  if (settings.isError)
    return <LoadError title={t('notifications.loadError')} error={settings.error} onRetry={() => void settings.refetch()} />;

  // While a change is on its way, the card shows what was asked for.
  const preferences = update.isPending ? update.variables : settings.data.preferences;
  const save = async (change: Partial<PushPreferences>) => {
    try {
      await update.mutateAsync({ ...preferences, ...change });
    } catch (error) {
      toast.error(t('notifications.saveError'), { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellIcon className="size-4 text-muted-foreground" aria-hidden />
          {t('notifications.title')}
        </CardTitle>
        <CardDescription>{t('notifications.description')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ThisDevice devices={settings.data.devices} />
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium">{t('notifications.whatLegend')}</legend>
          {SWITCHES.map((key) => (
            <PreferenceSwitch key={key} name={key} checked={preferences[key]} onChange={(checked) => void save({ [key]: checked })}>
              {key === 'wrapupReminder' && preferences.wrapupReminder && (
                <TimeField
                  label={t('notifications.reminderTime')}
                  value={preferences.reminderTime}
                  onCommit={(reminderTime) => void save({ reminderTime })}
                />
              )}
            </PreferenceSwitch>
          ))}
        </fieldset>
        <QuietHours preferences={preferences} onSave={(change) => void save(change)} />
      </CardContent>
    </Card>
  );
}

function PreferenceSwitch({
  name,
  checked,
  onChange,
  children,
}: {
  name: Switchable;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('settings');
  const id = `push-${name}`;
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-hint`} className="mt-0.5" />
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor={id}>{t(`notifications.kinds.${name}.label`)}</Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {t(`notifications.kinds.${name}.hint`)}
        </p>
        {children}
      </div>
    </div>
  );
}

function QuietHours({ preferences, onSave }: { preferences: PushPreferences; onSave: (change: Partial<PushPreferences>) => void }) {
  const { t } = useTranslation('settings');
  const isOn = preferences.quietFrom !== null && preferences.quietTo !== null;
  // The hours last shown: turning quiet hours off and on again brings them back rather than 22:00
  // (the server keeps no hours while they are off).
  const [lastHours, setLastHours] = useState<{ quietFrom: string; quietTo: string }>(
    isOn ? { quietFrom: preferences.quietFrom!, quietTo: preferences.quietTo! } : DEFAULT_QUIET,
  );
  if (isOn && (lastHours.quietFrom !== preferences.quietFrom || lastHours.quietTo !== preferences.quietTo)) {
    setLastHours({ quietFrom: preferences.quietFrom!, quietTo: preferences.quietTo! });
  }
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
      <Switch
        id="push-quiet"
        checked={isOn}
        onCheckedChange={(checked) => onSave(checked ? lastHours : { quietFrom: null, quietTo: null })}
        aria-describedby="push-quiet-hint"
        className="mt-0.5"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor="push-quiet">{t('notifications.quiet.label')}</Label>
        <p id="push-quiet-hint" className="text-sm text-muted-foreground">
          {t('notifications.quiet.hint')}
        </p>
        {isOn && (
          <div className="flex flex-wrap gap-3 pt-1">
            <TimeField
              label={t('notifications.quiet.from')}
              value={preferences.quietFrom!}
              onCommit={(quietFrom) => onSave({ quietFrom })}
            />
            <TimeField label={t('notifications.quiet.to')} value={preferences.quietTo!} onCommit={(quietTo) => onSave({ quietTo })} />
          </div>
        )}
      </div>
    </div>
  );
}

/** A time of day that saves when it is left with a whole, changed value. */
function TimeField({ label, value, onCommit }: { label: string; value: string; onCommit: (value: string) => void }) {
  const { t } = useTranslation('settings');
  const id = useId();
  const [draft, setDraft] = useState(value);
  // Left with something that is not a time: it stays as typed, with what to type instead.
  const [invalid, setInvalid] = useState(false);
  // A saved value that changed (this field's or a refetch) replaces the draft.
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    setSaved(value);
    setDraft(value);
  }
  const commit = () => {
    const isTime = /^\d{2}:\d{2}$/.test(draft);
    setInvalid(!isTime);
    if (isTime && draft !== value) onCommit(draft);
  };
  return (
    <div className="space-y-1 pt-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <TimeInput
        id={id}
        value={draft}
        onValueChange={(next) => {
          setDraft(next);
          if (invalid && /^\d{2}:\d{2}$/.test(next)) setInvalid(false);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className="w-32"
      />
      {invalid && (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {t('notifications.timeInvalid')}
        </p>
      )}
    </div>
  );
}

/** This browser: push on or off, or why it cannot be; and the member's other devices. */
function ThisDevice({ devices }: { devices: { id: string; label: string; createdAt: string }[] }) {
  const { t, i18n } = useTranslation('settings');
  const [state, setState] = useState<PushDeviceState | 'checking'>('checking');
  const toggle = useTogglePushDevice();

  useEffect(() => {
    let isCurrent = true;
    void readPushDeviceState()
      .catch((): PushDeviceState => 'unsupported')
      .then((next) => {
        if (isCurrent) setState(next);
      });
    return () => {
      isCurrent = false;
    };
  }, [devices]);

  const onToggle = async (on: boolean) => {
    try {
      await toggle.mutateAsync(on);
      setState(on ? 'on' : 'off');
      toast.success(on ? t('notifications.device.turnedOn') : t('notifications.device.turnedOff'));
    } catch (error) {
      if (error instanceof PushPermissionRefused) {
        setState(Notification.permission === 'denied' ? 'denied' : 'off');
        return;
      }
      const description =
        error instanceof PushTimedOut ? t('notifications.device.timedOut') : error instanceof Error ? error.message : undefined;
      toast.error(t('notifications.device.error'), { description });
    }
  };

  return (
    <div className="space-y-3">
      {state === 'unsupported' || state === 'no-worker' ? (
        <Alert variant="warning">
          <BellOffIcon aria-hidden />
          <AlertTitle>{t('notifications.device.unsupportedTitle')}</AlertTitle>
          <AlertDescription>
            {t(state === 'unsupported' ? 'notifications.device.unsupported' : 'notifications.device.noWorker')}
          </AlertDescription>
        </Alert>
      ) : state === 'denied' ? (
        <Alert variant="warning">
          <BellOffIcon aria-hidden />
          <AlertTitle>{t('notifications.device.deniedTitle')}</AlertTitle>
          <AlertDescription>{t('notifications.device.denied')}</AlertDescription>
        </Alert>
      ) : (
        <div className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <SmartphoneIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            <div className="space-y-0.5">
              <p className="text-sm font-medium">{t('notifications.device.title')}</p>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {state === 'on'
                  ? t('notifications.device.on')
                  : state === 'off'
                    ? t('notifications.device.off')
                    : t('notifications.device.checking')}
              </p>
            </div>
          </div>
          <Button
            variant={state === 'on' ? 'outline' : 'default'}
            disabled={state === 'checking' || toggle.isPending}
            onClick={() => void onToggle(state !== 'on')}
            className="sm:shrink-0"
          >
            {state === 'on' ? t('notifications.device.turnOff') : t('notifications.device.turnOn')}
          </Button>
        </div>
      )}
      {devices.length > 0 && (
        <div>
          <p className="text-sm font-medium">{t('notifications.devices.title', { count: devices.length })}</p>
          <ul className="mt-1 space-y-0.5 text-sm text-muted-foreground">
            {devices.map((device) => (
              <li key={device.id}>
                {t('notifications.devices.item', { label: device.label, date: formatDate(device.createdAt, i18n.language) })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
