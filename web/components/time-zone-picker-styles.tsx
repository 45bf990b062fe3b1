import { ChevronsUpDownIcon, GlobeIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { formatTimeZoneOffset } from '@web/lib/time-zones';

/*
 * What the time zone picker's stand-in (time-zone-picker.tsx) and the real picker
 * (time-zone-picker-popover.tsx, loaded on first use) share: the props, and the trigger.
 */

export type TimeZonePickerLabels = {
  /** Placeholder of the search box. */
  search: string;
  /** Heading of the five suggested zones. */
  suggested: string;
  /** Heading of the full IANA list. */
  all: string;
  /** Shown when nothing matches the search. */
  empty: string;
};

export type TimeZonePickerProps = {
  id?: string;
  value: string;
  onChange: (zone: string) => void;
  labels: TimeZonePickerLabels;
  disabled?: boolean;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

const TRIGGER_CLASS =
  'flex h-9 w-full items-center gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';

/**
 * The picker's trigger: the zone and its current offset. The stand-in shown until the picker's code
 * has loaded and the real picker's popover trigger are this one button, so they cannot drift apart.
 */
export function TimeZoneTrigger({
  value,
  expanded,
  listId,
  className,
  ...props
}: ComponentProps<'button'> & { value: string; expanded: boolean; listId: string }) {
  const offset = formatTimeZoneOffset(value);
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={expanded}
      aria-controls={listId}
      aria-haspopup="listbox"
      className={cn(TRIGGER_CLASS, className)}
      {...props}
    >
      <GlobeIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 truncate">{value.replaceAll('_', ' ')}</span>
      {offset && <span className="shrink-0 text-xs text-muted-foreground tabular">{offset}</span>}
      <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden />
    </button>
  );
}
