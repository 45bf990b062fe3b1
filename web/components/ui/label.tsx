import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { translateFieldMessage } from '@web/lib/field-messages';
import { cn } from '@web/lib/cn';

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn('flex items-center gap-2 text-sm font-medium leading-none select-none peer-disabled:opacity-50', className)}
      {...props}
    />
  );
}

/**
 * A field's error, tied to its input with aria-describedby by the caller. A contract's message
 * (a form's own check, or the server's detail) shows in the screen's language (decision 083).
 */
export function FieldError({ id, children }: { id: string; children?: React.ReactNode }) {
  // Subscribed to the language: the message is worded again when the screen's language changes.
  useTranslation();
  if (!children) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {typeof children === 'string' ? translateFieldMessage(children) : children}
    </p>
  );
}
