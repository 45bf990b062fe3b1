import { Progress as Primitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '@web/lib/cn';

export function Progress({
  className,
  value,
  indicatorClassName,
  ...props
}: React.ComponentProps<typeof Primitive.Root> & { indicatorClassName?: string }) {
  return (
    <Primitive.Root className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)} value={value} {...props}>
      <Primitive.Indicator
        className={cn('h-full w-full flex-1 rounded-full bg-primary transition-transform duration-500', indicatorClassName)}
        style={{ transform: `translateX(-${100 - (value ?? 0)}%)` }}
      />
    </Primitive.Root>
  );
}
