import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '@web/lib/cn';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        soft: 'border-transparent bg-primary-soft text-primary',
        success: 'border-transparent bg-success-soft text-success-strong',
        warning: 'border-transparent bg-warning-soft text-warning-strong',
        destructive: 'border-transparent bg-destructive-soft text-destructive-strong',
        outline: 'text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
