import type { RecentActivity } from '@core/contracts';

export type ActivityKindKey =
  'meetingBooked' | 'movedForward' | 'callAnswered' | 'callUnanswered' | 'sale' | 'meeting' | 'email' | 'linkedin' | 'custom';

/**
 * What an activity was, as one key for the scoreboards' words ("booked a meeting"): a call that
 * booked a meeting counts as a booked meeting. Its icon is its stored type's (components/activity-icon).
 */
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
    case 'custom':
      return 'custom';
  }
}
