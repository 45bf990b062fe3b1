import { ChevronsUpDownIcon, GlobeIcon } from 'lucide-react';

/*
 * What the time zone picker's stand-in (time-zone-picker.tsx) and the real picker
 * (time-zone-picker-popover.tsx, loaded on first use) share: the props, and the trigger's look.
 */

export type TimeZonePickerLabels = {
  /** Placeholder of the search box. */
  search: string;
  /** Heading of the spec's five zones. */
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

/** The trigger's look, shared with the stand-in shown until the picker's code has loaded. */
export const TIME_ZONE_TRIGGER_CLASS =
  'flex h-9 w-full items-center gap-2 rounded-md border border-input bg-card px-3 text-left text-sm shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive';

/** What the trigger shows: the zone and its offset. */
export function TimeZoneTriggerFace({ value, offset }: { value: string; offset: string }) {
  return (
    <>
      <GlobeIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 flex-1 truncate">{value.replaceAll('_', ' ')}</span>
      {offset && <span className="shrink-0 text-xs text-muted-foreground tabular">{offset}</span>}
      <ChevronsUpDownIcon className="size-4 shrink-0 opacity-50" aria-hidden />
    </>
  );
}
