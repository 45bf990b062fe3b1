import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import type { LazySelectProps } from './lazy-select';

/** A Radix select of plain options (./lazy-select.tsx loads it when it first opens). */
export function OptionsSelect({
  value,
  onValueChange,
  options,
  className,
  defaultOpen,
  ...labels
}: LazySelectProps<string> & { defaultOpen?: boolean }) {
  return (
    <Select value={value} onValueChange={onValueChange} defaultOpen={defaultOpen}>
      <SelectTrigger className={className} {...labels}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
