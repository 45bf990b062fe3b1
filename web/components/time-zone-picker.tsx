import { lazy, Suspense, useId } from 'react';
import { cn } from '@web/lib/cn';
import { importOrReload } from '@web/lib/lazy-import';
import { formatTimeZoneOffset } from '@web/lib/time-zones';
import { useOpenOnIntent } from '@web/lib/use-open-on-intent';
import { TIME_ZONE_TRIGGER_CLASS, type TimeZonePickerLabels, type TimeZonePickerProps, TimeZoneTriggerFace } from './time-zone-picker-styles';

export type { TimeZonePickerLabels, TimeZonePickerProps };

// The popover, cmdk's search and floating-ui (about 20 KB gzipped) load when the picker is first
// opened: the screens that show one (starting a company, the company settings) need not carry
// them in their first load (decision 026).
const loadPopover = () => importOrReload(() => import('./time-zone-picker-popover'));
const TimeZonePickerPopover = lazy(() => loadPopover().then((module) => ({ default: module.TimeZonePickerPopover })));

/**
 * A searchable time zone combobox. Until it is first opened it is a look-alike of its trigger
 * (the same classes, role and names); pointing at it or focusing it starts the download, and
 * pressing it opens the real picker (useOpenOnIntent).
 */
export function TimeZonePicker(props: TimeZonePickerProps) {
  const { id, value, disabled, className, onChange: _onChange, labels: _labels, ...aria } = props;
  const { opened, triggerProps } = useOpenOnIntent(loadPopover);
  const listId = useId();
  const standIn = (
    <button
      id={id}
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-controls={listId}
      aria-haspopup="listbox"
      disabled={disabled}
      className={cn(TIME_ZONE_TRIGGER_CLASS, className)}
      {...aria}
      {...(disabled ? {} : triggerProps)}
    >
      <TimeZoneTriggerFace value={value} offset={formatTimeZoneOffset(value)} />
    </button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <TimeZonePickerPopover {...props} defaultOpen />
    </Suspense>
  );
}
