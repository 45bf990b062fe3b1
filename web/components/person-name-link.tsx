import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@web/lib/cn';

/**
 * A person's name on a board: a link to their page when the viewer may open it (href from
 * usePersonPageHref, web/lib/people.ts), plain text otherwise, so nobody is led to a refusal.
 */
export function PersonNameLink({
  href,
  className,
  children,
}: {
  href: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  if (!href) return <span className={className}>{children}</span>;
  return (
    <Link
      to={href}
      data-slot="person-link"
      className={cn(
        'rounded-sm underline-offset-4 outline-none hover:text-primary hover:underline focus-visible:underline focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      {children}
    </Link>
  );
}
