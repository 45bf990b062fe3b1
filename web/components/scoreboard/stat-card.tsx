import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ActivityLook } from '@web/components/activity-icon';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/cn';

export type StatTone = 'primary' | 'success' | 'warning' | 'gold';

const TONE_CLASSES: Record<StatTone, string> = {
  primary: 'bg-primary-soft text-primary',
  success: 'bg-success-soft text-success-strong',
  warning: 'bg-warning-soft text-warning-strong',
  gold: 'bg-gold/20 text-warning-strong',
};

/** A card counting one kind of activity wears that kind's look (components/activity-icon); others an icon and a tone. */
type StatCardAppearance = { icon: LucideIcon; tone?: StatTone; look?: never } | { look: ActivityLook; icon?: never; tone?: never };

/** A KPI card: label, icon, a large value and a line underneath (change, average, context). */
export function StatCard({
  label,
  info,
  value,
  footer,
  size = 'default',
  className,
  ...appearance
}: StatCardAppearance & {
  label: string;
  /** Beside the label: how the number is computed. */
  info?: ReactNode;
  value: ReactNode;
  footer?: ReactNode;
  size?: 'default' | 'large';
  className?: string;
}) {
  const { icon: Icon, tone } =
    appearance.look !== undefined ? appearance.look : { icon: appearance.icon, tone: TONE_CLASSES[appearance.tone ?? 'primary'] };
  return (
    <Card data-slot="stat-card" className={cn('min-w-0 p-4 sm:p-5', className)}>
      <dl className="flex flex-col gap-3">
        <dt className="flex items-start justify-between gap-2 text-sm font-medium text-muted-foreground">
          {/* A label wraps between words; a long one-word label (Nordic compounds) breaks, at a soft hyphen or the language's hyphenation where it can, only when it does not fit its line, rather than push the icon out of the card. */}
          <span className="flex min-w-0 items-center gap-1">
            <span className="min-w-0 hyphens-auto break-words">{label}</span>
            {info}
          </span>
          <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg', tone)}>
            <Icon className="size-4" aria-hidden />
          </span>
        </dt>
        <dd
          data-slot="stat-value"
          className={cn('font-semibold tracking-tight tabular', size === 'large' ? 'text-4xl sm:text-5xl' : 'text-2xl sm:text-3xl')}
        >
          {value}
        </dd>
        {footer && <dd className="min-h-5 text-xs text-muted-foreground">{footer}</dd>}
      </dl>
    </Card>
  );
}

/** The loading stand-in for a StatCard (same size, so nothing jumps when data arrives). */
export function StatCardSkeleton({ className }: { className?: string }) {
  return (
    <Card data-slot="stat-card-skeleton" aria-hidden className={cn('flex flex-col gap-3 p-4 sm:p-5', className)}>
      <div className="flex items-start justify-between">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="size-8 rounded-lg" />
      </div>
      <Skeleton className="h-8 w-16" />
      <Skeleton className="h-4 w-32" />
    </Card>
  );
}
