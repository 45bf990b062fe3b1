import type { RecentActivity } from '@core/contracts';
import {
  BriefcaseBusinessIcon,
  CalendarCheckIcon,
  HandshakeIcon,
  type LucideIcon,
  MailIcon,
  PhoneIcon,
  PhoneMissedIcon,
  TrendingUpIcon,
  UsersIcon,
} from 'lucide-react';

export type ActivityKindKey = 'meetingBooked' | 'movedForward' | 'callAnswered' | 'callUnanswered' | 'sale' | 'meeting' | 'email' | 'linkedin';

/** What an activity was, as one key: a call that booked a meeting counts as a booked meeting. */
export function computeActivityKind(activity: Pick<RecentActivity, 'type' | 'meetingBooked' | 'movedForward'>): ActivityKindKey {
  switch (activity.type) {
    case 'call_answered':
      if (activity.meetingBooked) return 'meetingBooked';
      return activity.movedForward ? 'movedForward' : 'callAnswered';
    case 'call_unanswered':
      return 'callUnanswered';
    case 'sale':
      return 'sale';
    case 'meeting':
      return 'meeting';
    case 'email':
      return 'email';
    case 'linkedin':
      return 'linkedin';
  }
}

export const ACTIVITY_ICONS: Record<ActivityKindKey, { icon: LucideIcon; className: string }> = {
  meetingBooked: { icon: CalendarCheckIcon, className: 'bg-warning-soft text-[oklch(0.55_0.13_70)]' },
  movedForward: { icon: TrendingUpIcon, className: 'bg-primary-soft text-primary' },
  callAnswered: { icon: PhoneIcon, className: 'bg-primary-soft text-primary' },
  callUnanswered: { icon: PhoneMissedIcon, className: 'bg-muted text-muted-foreground' },
  sale: { icon: HandshakeIcon, className: 'bg-success-soft text-[oklch(0.5_0.13_158)]' },
  meeting: { icon: UsersIcon, className: 'bg-primary-soft text-primary' },
  email: { icon: MailIcon, className: 'bg-muted text-muted-foreground' },
  linkedin: { icon: BriefcaseBusinessIcon, className: 'bg-muted text-muted-foreground' },
};
