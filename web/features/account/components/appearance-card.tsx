import type { ThemeChoice } from '@core/theme';
import { MonitorIcon, MoonIcon, PaletteIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import { useThemeChoice } from '@web/lib/theme';

const CHOICES = [
  { value: 'system', icon: MonitorIcon },
  { value: 'light', icon: SunIcon },
  { value: 'dark', icon: MoonIcon },
] as const satisfies readonly { value: ThemeChoice; icon: unknown }[];

/**
 * Personal tab: the colour theme, System (the device's light or dark), Light or Dark (decision 056).
 * Kept in this browser and shown at once; nothing to save.
 */
export function AppearanceCard() {
  const { t } = useTranslation('settings');
  const [choice, setChoice] = useThemeChoice();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PaletteIcon className="size-4 text-muted-foreground" aria-hidden />
          {t('appearance.title')}
        </CardTitle>
        <CardDescription id="appearance-description">{t('appearance.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset aria-describedby="appearance-description">
          <legend className="sr-only">{t('appearance.legend')}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {CHOICES.map(({ value, icon: Icon }) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 text-sm font-medium transition-colors hover:bg-accent',
                  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                  choice === value && 'border-primary bg-primary-soft hover:bg-primary-soft',
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={choice === value}
                  onChange={() => setChoice(value)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                <Icon className="size-4 text-muted-foreground" aria-hidden />
                {t(`appearance.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </CardContent>
    </Card>
  );
}
