/*
 * The contest form's own fields (contest-form-dialog.tsx): a list of picks (members or teams) with
 * checkboxes. Its choices are the shared SegmentedChoice.
 */

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
