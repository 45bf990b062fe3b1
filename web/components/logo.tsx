import { getBrandName } from '@web/lib/brand';
import { cn } from '@web/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" fill="currentColor" className="text-primary" />
      <path d="M8 22V14M14 22V9M20 22v-6M26 22V11" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The product wordmark: mark + BRAND_NAME. */
export function Wordmark({
  className,
  markClassName,
  nameClassName,
}: {
  className?: string;
  markClassName?: string;
  /** The name's own classes: `max-sm:sr-only` leaves the mark alone on a phone, the name still read out. */
  nameClassName?: string;
}) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark className={cn('shrink-0', markClassName)} />
      {/* A long brand name, or the wider fallback font before the web font arrives, is cut rather than pushing the page sideways. */}
      <span className={cn('min-w-0 truncate', nameClassName)}>{getBrandName()}</span>
    </span>
  );
}
