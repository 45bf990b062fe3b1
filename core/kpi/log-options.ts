import { toMinorUnits } from '../money';
import { type CallOutcome, computeActivityPoints, computeCallOutcomePoints } from './points';
import { computeRuleSet, type KpiRule, type Points } from './rules';

/** Activity kinds a rep logs from the buttons (a call's outcome decides its own type). */
export type LoggableKind = 'call' | 'sale' | 'meeting' | 'email' | 'linkedin';

/** Kinds that exist only while their rule is on: Meeting held, E-mail, LinkedIn (extras to calls, meetings and sales). */
export const OPTIONAL_KINDS = { meeting: 'meeting_completed', email: 'email', linkedin: 'linkedin' } as const;
export type OptionalKind = keyof typeof OPTIONAL_KINDS;

export type LogOptions = {
  outcomePoints: Record<CallOutcome, Points>;
  /** Points of one activity of each kind now (a sale without its ticket-size part, before any daily bonus). */
  kindPoints: { call_unanswered: Points; meeting: Points; sale: Points; email: Points; linkedin: Points };
  /** Calls and sales can always be logged; the optional kinds while their rule is enabled. */
  enabledKinds: Record<LoggableKind, boolean>;
  /** A sale earns more with its value (sale_ticket_size on, with a multiplier above 0). */
  hasTicketSizePoints: boolean;
};

/**
 * What the log buttons and dialogs offer, from the company's current rules. One function for the
 * server (GET /activities/log-options, and the refusal of a disabled kind) and the web app, so the
 * points a button promises are the points the server then stores.
 */
export function computeLogOptions(rules: readonly KpiRule[]): LogOptions {
  const set = computeRuleSet(rules);
  const pointsOf = (input: Parameters<typeof computeActivityPoints>[0]) => computeActivityPoints(input, rules).points;
  return {
    outcomePoints: computeCallOutcomePoints(rules),
    kindPoints: {
      call_unanswered: pointsOf({ type: 'call_unanswered' }),
      meeting: pointsOf({ type: 'meeting' }),
      sale: pointsOf({ type: 'sale', ticketSize: toMinorUnits(0) }),
      email: pointsOf({ type: 'email' }),
      linkedin: pointsOf({ type: 'linkedin' }),
    },
    enabledKinds: {
      call: true,
      sale: true,
      meeting: set[OPTIONAL_KINDS.meeting].enabled,
      email: set[OPTIONAL_KINDS.email].enabled,
      linkedin: set[OPTIONAL_KINDS.linkedin].enabled,
    },
    hasTicketSizePoints: set.sale_ticket_size.enabled && set.sale_ticket_size.multiplierValue > 0,
  };
}
