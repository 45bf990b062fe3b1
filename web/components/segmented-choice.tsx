import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/**
 * A small radio group drawn as segmented buttons (keyboard: arrows move, as radios do): a contest's
 * format and who takes part, the type editor's language, a logged activity's choice and yes/no fields.
 */
export function SegmentedChoice<V extends string | boolean>({
  legend,
  name,
  value,
  options,
  onChange,
  help,
  error,
  errorId,
}: {
  legend: string;
  name: string;
  value: V | undefined;
  options: { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  help?: string;
  error?: ReactNode;
  /** The error's id: the group is described by it while there is an error. */
  errorId?: string;
}) {
  return (
    <fieldset className="space-y-1.5" aria-describedby={error && errorId ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((option) => (
          <label
            key={String(option.value)}
            className={cn(
              'cursor-pointer rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40',
              value === option.value ? 'border-primary bg-primary-soft font-medium text-primary' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {help && <p className="text-xs text-muted-foreground">{help}</p>}
      {/* A message as text, or a field's own error element (a FieldError, worded in the screen's language). */}
      {typeof error === 'string' ? (
        <p id={errorId} role={errorId ? 'alert' : undefined} className="text-xs text-destructive">
          {error}
        </p>
      ) : (
        error
      )}
    </fieldset>
  );
}
