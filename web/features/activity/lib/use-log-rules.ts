import { type CallOutcome, computeActivityPoints, computeCallOutcomePoints, computeRuleSet, type Points } from '@core/kpi';
import { toMinorUnits } from '@core/money';
import { useMemo } from 'react';
import { useKpiRules } from '../api/get-kpi-rules';

export type LogRules = {
  outcomePoints: Record<CallOutcome, Points>;
  /** Points of one activity of each kind now (a sale without its ticket-size part, before any daily bonus). */
  kindPoints: { call_unanswered: Points; meeting: Points; sale: Points; email: Points; linkedin: Points };
  /** Meeting held, E-mail and LinkedIn buttons show only while their rule is on. */
  isEnabled: { meeting: boolean; email: boolean; linkedin: boolean };
  /** A sale earns more with its value (sale_ticket_size on, with a multiplier). */
  hasTicketSizePoints: boolean;
};

/** What the log buttons and dialogs show, computed from the company's current rules with core/kpi. */
export function useLogRules(): { rules: LogRules | undefined; isLoading: boolean } {
  const query = useKpiRules();
  const rules = useMemo(() => {
    const list = query.data?.rules;
    if (!list) return undefined;
    const set = computeRuleSet(list);
    const pointsOf = (input: Parameters<typeof computeActivityPoints>[0]) => computeActivityPoints(input, list).points;
    return {
      outcomePoints: computeCallOutcomePoints(list),
      kindPoints: {
        call_unanswered: pointsOf({ type: 'call_unanswered' }),
        meeting: pointsOf({ type: 'meeting' }),
        sale: pointsOf({ type: 'sale', ticketSize: toMinorUnits(0) }),
        email: pointsOf({ type: 'email' }),
        linkedin: pointsOf({ type: 'linkedin' }),
      },
      isEnabled: { meeting: set.meeting_completed.enabled, email: set.email.enabled, linkedin: set.linkedin.enabled },
      hasTicketSizePoints: set.sale_ticket_size.enabled && set.sale_ticket_size.multiplierValue > 0,
    };
  }, [query.data]);
  return { rules, isLoading: query.isLoading };
}
