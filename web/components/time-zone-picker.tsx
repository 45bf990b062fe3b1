import { lazy, Suspense, useId } from 'react';
import { importOrReload } from '@web/lib/lazy-import';
import { useOpenOnIntent } from '@web/lib/use-open-on-intent';
import { TimeZoneTrigger, type TimeZonePickerLabels, type TimeZonePickerProps } from './time-zone-picker-styles';

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
    <TimeZoneTrigger
      id={id}
      value={value}
      expanded={false}
      listId={listId}
      disabled={disabled}
      className={className}
      {...aria}
      {...(disabled ? {} : triggerProps)}
    />
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <TimeZonePickerPopover {...props} defaultOpen />
    </Suspense>
  );
}
