import type * as React from 'react';
import { cn } from '@web/lib/cn';

/** A card's title as a section heading (h2 under the page's h1), styled like CardTitle. */
export function CardHeading({ className, children, ...props }: React.ComponentProps<'h2'>) {
  return (
    <h2 className={cn('text-base leading-tight font-semibold tracking-tight', className)} {...props}>
      {children}
    </h2>
  );
}
