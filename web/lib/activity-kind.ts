import { pickName } from '@core/activity-types';
import type { OwnTypeLook, RecentActivity } from '@core/contracts';
import { lowerInSentence } from './in-sentence';

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

/** One of the company's own types in the reader's language (decision 100): its name and the outcome's; null for a built-in kind. */
export function nameOwnType(ownType: OwnTypeLook | null | undefined, language: string): { name: string; outcome: string | null } | null {
  if (!ownType) return null;
  return { name: pickName(ownType.names, language), outcome: ownType.outcomeNames ? pickName(ownType.outcomeNames, language) : null };
}

/** The same inside a sentence ("Ola logged site visit: offer made"), as a built-in kind is written there; an acronym stays. */
export function nameOwnTypeInSentence(
  ownType: OwnTypeLook | null | undefined,
  language: string,
): { name: string; outcome: string | null } | null {
  const own = nameOwnType(ownType, language);
  return own && { name: lowerInSentence(own.name), outcome: own.outcome === null ? null : lowerInSentence(own.outcome) };
}
