import { FieldError, Label } from '@web/components/ui/label';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';

/**
 * A whole number as typed (a goal, a bonus's count, a badge's number to reach), with its label and
 * its refusal under it: the form parses and checks it with the contract when it is sent. A long label
 * is cut to the column, the whole of it on hover.
 */
export function WholeNumberField({
  id,
  label,
  value,
  onChange,
  error,
  inputClassName,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  /** The input's width where it is not the column's (a short number beside others). */
  inputClassName?: string;
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <Label htmlFor={id} className="block truncate" title={label}>
        {label}
      </Label>
      <Input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(inputClassName)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
