import { cn } from '@web/lib/cn';

/*
 * The contest form's own fields (contest-form-dialog.tsx): a choice drawn as segmented buttons, and a
 * list of picks (members or teams) with checkboxes.
 */

/** A small radio group drawn as segmented buttons (keyboard: arrows move, as radios do). */
export function Choice<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  help,
  error,
}: {
  legend: string;
  name: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
  help?: string;
  error?: string;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
              value === option.value ? 'border-primary bg-primary-soft font-medium text-primary' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {help && <p className="text-xs text-muted-foreground">{help}</p>}
      {error && <p className="text-xs text-destructive">{error}</p>}
    </fieldset>
  );
}

/** Checkboxes for teams or people. */
export function Picks({
  legend,
  empty,
  options,
  chosen,
  onToggle,
  error,
}: {
  legend: string;
  empty: string;
  options: { value: string; label: string }[];
  chosen: readonly string[];
  onToggle: (value: string) => void;
  error?: string;
}) {
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="grid max-h-48 gap-1.5 overflow-y-auto sm:grid-cols-2">
          {options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-accent"
            >
              <input
                type="checkbox"
                className="size-4 accent-[var(--color-primary)]"
                checked={chosen.includes(option.value)}
                onChange={() => onToggle(option.value)}
              />
              <span className="truncate">{option.label}</span>
            </label>
          ))}
        </div>
      )}
      {error && <p className="text-xs text-destructive">{error}</p>}
    </fieldset>
  );
}
