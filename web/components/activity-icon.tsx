import type { StoredActivityType } from '@core/contracts';
import { BanknoteIcon, CalendarCheckIcon, type LucideIcon, MailIcon, PhoneIncomingIcon, PhoneMissedIcon, ShapesIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** Lucide has no brand icons since 1.0: LinkedIn's "in", drawn in the same stroke style. */
export function LinkedinGlyph({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn('lucide', className)}
      aria-hidden
      {...props}
    >
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </svg>
  );
}

export type ActivityLook = { icon: LucideIcon | typeof LinkedinGlyph; tone: string };

/**
 * Icon and colour of each stored activity type, the one map of the whole app (decision 032):
 * the log buttons, today's list, the feeds, the stat cards of a kind. Semantic theme colours
 * only, so contrast is the theme's business.
 */
export const ACTIVITY_LOOKS: Record<StoredActivityType, ActivityLook> = {
  call_answered: { icon: PhoneIncomingIcon, tone: 'bg-primary-soft text-primary' },
  call_unanswered: { icon: PhoneMissedIcon, tone: 'bg-muted text-muted-foreground' },
  meeting: { icon: CalendarCheckIcon, tone: 'bg-success-soft text-success' },
  sale: { icon: BanknoteIcon, tone: 'bg-warning-soft text-warning-strong' },
  email: { icon: MailIcon, tone: 'bg-accent text-accent-foreground' },
  linkedin: { icon: LinkedinGlyph, tone: 'bg-primary-soft text-primary' },
  // One of the company's own types (decision 100), where its own look is not at hand: components/activity-type-icon.
  custom: { icon: ShapesIcon, tone: 'bg-muted text-muted-foreground' },
};

/** An activity's type as a round badge; decorative, its name is always written beside it. */
export function ActivityIcon({ type, className }: { type: StoredActivityType; className?: string }) {
  const { icon: Icon, tone } = ACTIVITY_LOOKS[type];
  return (
    <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-full', tone, className)} aria-hidden>
      <Icon className="size-4" />
    </span>
  );
}
