import { OPTIONAL_KINDS } from './log-options';
import { computeRuleSet, type KpiKey, type KpiRule } from './rules';

/** The five built-in kinds, as their type rows are keyed (decision 114). */
export type PointsKind = 'call' | 'meeting' | 'sale' | 'email' | 'linkedin';

/**
 * What one built-in kind is worth, in the shape of an own type's points (decision 117): its points,
 * and for a call what each outcome adds (a call not answered earns its own points, not the answered
 * call's), for a sale the points per whole unit of its value. Stored as the kind's point rules.
 */
export type KindPoints = {
  /** A call: every answered call; a meeting held, an e-mail, a LinkedIn touch, a sale: each one. */
  points: number;
  /** A call only: what moving forward or booking a meeting adds to an answered call, and a call not answered. */
  outcomes?: { moved_forward: number; meeting_booked: number; not_answered: number };
  /** A sale only: points per whole currency unit of its value (0: none). */
  perValue?: number;
};

/** What an admin changed of a kind's worth: a part left out keeps what it is. */
export type KindPointsChange = {
  points?: number;
  outcomes?: Partial<Record<keyof NonNullable<KindPoints['outcomes']>, number>>;
  perValue?: number;
};

/** A change to one rule, as `updateKpiRule` takes it. */
export type KindRuleChange = { kpiKey: KpiKey; basePoints?: number; enabled?: boolean; multiplierValue?: number };

/** The rule of each of a kind's figures. */
const POINTS_RULE: Record<PointsKind, KpiKey> = {
  call: 'call_answered',
  meeting: OPTIONAL_KINDS.meeting,
  sale: 'sale',
  email: OPTIONAL_KINDS.email,
  linkedin: OPTIONAL_KINDS.linkedin,
};
const OUTCOME_RULES = { moved_forward: 'moved_forward', meeting_booked: 'meeting_booked', not_answered: 'call_unanswered' } as const;

/**
 * A kind whose rule is its on/off switch (held meetings, e-mail, LinkedIn): its points are the rule's
 * points whether it is on or off. Any other rule that is off is worth 0, as points are computed.
 */
const isSwitch = (key: KpiKey) => (Object.values(OPTIONAL_KINDS) as KpiKey[]).includes(key);
const worth = (rule: KpiRule) => (rule.enabled || isSwitch(rule.kpiKey) ? rule.basePoints : 0);

/** What a kind is worth under the company's rules, as its points dialog shows it. */
export function readKindPoints(kind: PointsKind, rules: readonly KpiRule[]): KindPoints {
  const set = computeRuleSet(rules);
  const points = worth(set[POINTS_RULE[kind]]);
  if (kind === 'call') {
    return {
      points,
      outcomes: {
        moved_forward: worth(set.moved_forward),
        meeting_booked: worth(set.meeting_booked),
        not_answered: worth(set.call_unanswered),
      },
    };
  }
  if (kind === 'sale') {
    const size = set.sale_ticket_size;
    return { points, perValue: size.enabled ? size.multiplierValue : 0 };
  }
  return { points };
}

/**
 * The rules to write for what the admin changed of a kind's worth, and only those whose worth changes
 * (a save that changes nothing writes and audits nothing; a part left out is not touched, so a change
 * another admin made to it meanwhile stands). A rule that was off and is given points is turned on;
 * a switch (held meetings, e-mail, LinkedIn) keeps its state, set by its own switch. Points per value
 * turn the sale's value rule on above 0 and off at 0.
 */
export function computeKindRuleChanges(kind: PointsKind, input: KindPointsChange, rules: readonly KpiRule[]): KindRuleChange[] {
  const set = computeRuleSet(rules);
  const changes: KindRuleChange[] = [];
  const setPoints = (key: KpiKey, points: number | undefined) => {
    if (points === undefined || worth(set[key]) === points) return;
    changes.push(isSwitch(key) ? { kpiKey: key, basePoints: points } : { kpiKey: key, basePoints: points, enabled: true });
  };
  setPoints(POINTS_RULE[kind], input.points);
  if (kind === 'call' && input.outcomes) {
    for (const [outcome, key] of Object.entries(OUTCOME_RULES) as [keyof typeof OUTCOME_RULES, KpiKey][]) {
      setPoints(key, input.outcomes[outcome]);
    }
  }
  if (kind === 'sale' && input.perValue !== undefined) {
    const size = set.sale_ticket_size;
    const current = size.enabled ? size.multiplierValue : 0;
    if (current !== input.perValue) {
      changes.push({ kpiKey: 'sale_ticket_size', multiplierValue: input.perValue, enabled: input.perValue > 0 });
    }
  }
  return changes;
}

/** Why a kind's points cannot take this shape, or null: outcomes are a call's, points per value a sale's. */
export function findKindPointsProblem(kind: PointsKind, input: KindPointsChange): 'outcomes_not_allowed' | 'per_value_not_allowed' | null {
  if (kind !== 'call' && input.outcomes) return 'outcomes_not_allowed';
  if (kind !== 'sale' && input.perValue !== undefined) return 'per_value_not_allowed';
  return null;
}
