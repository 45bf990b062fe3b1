import { Command } from 'cmdk';
import { CheckIcon, SearchIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@web/components/ui/popover';
import { cn } from '@web/lib/cn';
import { formatTimeZoneOffset, listTimeZones, SUGGESTED_TIME_ZONES, type TimeZoneOption } from '@web/lib/time-zones';
import { type TimeZonePickerProps, TimeZoneTrigger } from './time-zone-picker-styles';

/**
 * The searchable time zone combobox (loaded on first use: time-zone-picker.tsx): the five
 * suggested zones first, then every IANA zone the browser knows, each with its current UTC offset.
 * Typing filters both lists (Oslo, "new york", GMT+9).
 */
export function TimeZonePickerPopover({
  id,
  value,
  onChange,
  labels,
  disabled,
  className,
  defaultOpen = false,
  ...aria
}: TimeZonePickerProps & { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const listId = useId();
  const options = useMemo(() => listTimeZones(), []);
  const suggested = useMemo(
    () =>
      SUGGESTED_TIME_ZONES.map((zone) => options.find((o) => o.zone === zone) ?? { zone, offset: formatTimeZoneOffset(zone), label: zone }),
    [options],
  );
  const choose = (zone: string) => {
    onChange(zone);
    setOpen(false);
  };

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <TimeZoneTrigger id={id} value={value} expanded={open} listId={listId} disabled={disabled} className={className} {...aria} />
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-72">
        <Command
          label={labels.search}
          filter={matchTimeZone}
          className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
        >
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <Command.Input
              placeholder={labels.search}
              className="h-10 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
            />
          </div>
          <Command.List id={listId} className="max-h-72 overflow-y-auto p-1">
            <Command.Empty className="py-6 text-center text-sm text-muted-foreground">{labels.empty}</Command.Empty>
            <Command.Group heading={labels.suggested}>
              {suggested.map((option) => (
                <ZoneItem
                  key={`s-${option.zone}`}
                  option={option}
                  itemValue={`${SUGGESTED_PREFIX}${option.zone}`}
                  isSelected={option.zone === value}
                  onSelect={choose}
                />
              ))}
            </Command.Group>
            <Command.Group heading={labels.all}>
              {options.map((option) => (
                <ZoneItem key={option.zone} option={option} itemValue={option.zone} isSelected={option.zone === value} onSelect={choose} />
              ))}
            </Command.Group>
          </Command.List>
        </Command>
      </PopoverContent>
    </Popover>
  );
}

/** cmdk needs unique values; the suggested copies carry a prefix that search ignores. */
const SUGGESTED_PREFIX = 'suggested:';

const normalize = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ');

/**
 * Every typed word must appear (cmdk's default fuzzy score would offer Qatar for "qqqq"); a zone
 * whose city starts with the first word ranks first.
 */
function matchTimeZone(value: string, search: string, keywords: string[] = []): number {
  const words = normalize(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const zone = value.startsWith(SUGGESTED_PREFIX) ? value.slice(SUGGESTED_PREFIX.length) : value;
  const haystack = normalize([zone, ...keywords].join(' '));
  if (!words.every((word) => haystack.includes(word))) return 0;
  const city = normalize(zone.split('/').pop() ?? zone);
  return city.startsWith(words[0]!) ? 1 : 0.5;
}

function ZoneItem({
  option,
  itemValue,
  isSelected,
  onSelect,
}: {
  option: TimeZoneOption;
  itemValue: string;
  isSelected: boolean;
  onSelect: (zone: string) => void;
}) {
  return (
    <Command.Item
      value={itemValue}
      keywords={[option.label, option.offset]}
      onSelect={() => onSelect(option.zone)}
      className="flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none select-none data-[selected=true]:bg-accent"
    >
      <CheckIcon className={cn('size-4 shrink-0 text-primary', isSelected ? 'opacity-100' : 'opacity-0')} aria-hidden />
      <span className="min-w-0 flex-1 truncate">{option.label}</span>
      <span className="shrink-0 text-xs text-muted-foreground tabular">{option.offset}</span>
    </Command.Item>
  );
}
