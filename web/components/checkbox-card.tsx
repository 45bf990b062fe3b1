import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';

/**
 * One choice of a list of checkboxes drawn as a card: the box, its label and a line saying what it
 * means (read out with the box). Ticked cards are tinted. Used where each choice needs explaining
 * (a token's scopes, a webhook's events).
 */
export function CheckboxCard({
  id,
  checked,
  onCheckedChange,
  label,
  description,
  labelClassName,
  className,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  description: ReactNode;
  labelClassName?: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'relative flex items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-accent/50',
        checked && 'border-primary/40 bg-primary-soft/60',
        className,
      )}
    >
      <input
        id={id}
        type="checkbox"
        className="relative z-10 mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        aria-describedby={`${id}-text`}
      />
      <div className="min-w-0 space-y-0.5">
        {/* The label covers the whole card (after:inset-0), so a click anywhere ticks the box. */}
        <label htmlFor={id} className={cn('cursor-pointer after:absolute after:inset-0', labelClassName)}>
          {label}
        </label>
        <p id={`${id}-text`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}
