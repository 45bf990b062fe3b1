import { ACTIVITY_TYPE_COLOURS, ACTIVITY_TYPE_ICONS, type ActivityTypeColour, type ActivityTypeIcon } from '@core/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import { ACTIVITY_TYPE_ICON_COMPONENTS, ACTIVITY_TYPE_TONES } from './activity-type-icon';

/*
 * The icon and colour an admin gives what the company defines (an activity type: decision 100; a
 * badge: decision 107), from the same fixed sets: radio groups drawn as tiles, each named for
 * screen readers in the screen's language.
 */

export function LookIconPicker({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: ActivityTypeIcon;
  onChange: (icon: ActivityTypeIcon) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {ACTIVITY_TYPE_ICONS.map((icon) => {
          const Choice = ACTIVITY_TYPE_ICON_COMPONENTS[icon];
          return (
            <label
              key={icon}
              title={t(`activityTypes.icons.${icon}`)}
              className={cn(
                'flex size-10 cursor-pointer items-center justify-center rounded-md border has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
                value === icon ? 'border-primary bg-primary-soft text-primary' : 'text-muted-foreground hover:bg-accent',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={icon}
                checked={value === icon}
                onChange={() => onChange(icon)}
                aria-label={t(`activityTypes.icons.${icon}`)}
              />
              <Choice className="size-4" aria-hidden />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function LookColourPicker({
  name,
  legend,
  value,
  onChange,
}: {
  name: string;
  legend: string;
  value: ActivityTypeColour;
  onChange: (colour: ActivityTypeColour) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {ACTIVITY_TYPE_COLOURS.map((colour) => (
          <label
            key={colour}
            className={cn(
              'flex cursor-pointer items-center gap-1.5 rounded-md border px-2 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
              value === colour ? 'border-primary font-medium' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={colour}
              checked={value === colour}
              onChange={() => onChange(colour)}
            />
            <span className={cn('size-4 rounded-full', ACTIVITY_TYPE_TONES[colour])} aria-hidden />
            {t(`activityTypes.colours.${colour}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
