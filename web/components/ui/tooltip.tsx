import { Tooltip as Primitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@web/lib/cn';

/** A tooltip opens after 700 ms of hover, with a 300 ms window for the next one. */
export function TooltipProvider(props: React.ComponentProps<typeof Primitive.Provider>) {
  return <Primitive.Provider delayDuration={700} skipDelayDuration={300} {...props} />;
}

export const Tooltip = Primitive.Root;
export const TooltipTrigger = Primitive.Trigger;

export function TooltipContent({ className, sideOffset = 6, ...props }: React.ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </Primitive.Portal>
  );
}
