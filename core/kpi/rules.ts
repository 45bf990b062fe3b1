/** Every rule's key, in the order a sales manager thinks in (the KPI Rules screen lists them so): calls, their outcomes, meetings, other touches, sales, the bonus. */
export const KPI_KEYS = [
  'call_answered',
  'call_unanswered',
  'moved_forward',
  'meeting_booked',
  'meeting_completed',
  'email',
  'linkedin',
  'sale',
  'sale_ticket_size',
  'daily_call_bonus_20',
] as const;
export type KpiKey = (typeof KPI_KEYS)[number];

/** Points are whole numbers; a named type keeps them apart from counts and money. */
export type Points = number & { readonly __unit: 'Points' };

export type KpiRule = {
  kpiKey: KpiKey;
  basePoints: number;
  enabled: boolean;
  /** Only sale_ticket_size uses it: points per whole currency unit of the sale value. */
  multiplierValue: number;
  /**
   * Only daily_call_bonus_20 uses it: the calls in one local day that earn the bonus (decision 108).
   * Left out or null: DAILY_CALL_BONUS_THRESHOLD. The key keeps its old name for the API's sake.
   */
  threshold?: number | null;
};

/** The calls in one local day that earn daily_call_bonus_20 unless the company sets another number. */
export const DAILY_CALL_BONUS_THRESHOLD = 20;

/**
 * The defaults every new company starts with (ARCHITECTURE.md). sale_ticket_size ships with
 * multiplier 0 and disabled so that sales score a flat 10 until an admin opts in.
 */
export const DEFAULT_KPI_RULES: readonly KpiRule[] = [
  { kpiKey: 'call_answered', basePoints: 0, enabled: true, multiplierValue: 0 },
  { kpiKey: 'call_unanswered', basePoints: 0, enabled: true, multiplierValue: 0 },
  { kpiKey: 'moved_forward', basePoints: 1, enabled: true, multiplierValue: 0 },
  { kpiKey: 'meeting_booked', basePoints: 5, enabled: true, multiplierValue: 0 },
  { kpiKey: 'meeting_completed', basePoints: 3, enabled: true, multiplierValue: 0 },
  { kpiKey: 'email', basePoints: 0, enabled: false, multiplierValue: 0 },
  { kpiKey: 'linkedin', basePoints: 0, enabled: false, multiplierValue: 0 },
  { kpiKey: 'sale', basePoints: 10, enabled: true, multiplierValue: 0 },
  { kpiKey: 'sale_ticket_size', basePoints: 0, enabled: false, multiplierValue: 0 },
  { kpiKey: 'daily_call_bonus_20', basePoints: 5, enabled: true, multiplierValue: 0, threshold: DAILY_CALL_BONUS_THRESHOLD },
];

export type KpiRuleSet = Readonly<Record<KpiKey, KpiRule>>;

/** Indexes rules by key; a key missing from the company's rows falls back to its default. */
export function computeRuleSet(rules: readonly KpiRule[]): KpiRuleSet {
  const byKey = Object.fromEntries(DEFAULT_KPI_RULES.map((r) => [r.kpiKey, r])) as Record<KpiKey, KpiRule>;
  for (const rule of rules) byKey[rule.kpiKey] = rule;
  return byKey;
}

/** The calls in one local day that earn the daily call bonus under these rules (the company's number, else 20). */
export function findDailyCallBonusThreshold(rules: readonly KpiRule[] | KpiRuleSet): number {
  const bonus = Array.isArray(rules)
    ? (rules as readonly KpiRule[]).find((rule) => rule.kpiKey === 'daily_call_bonus_20')
    : (rules as KpiRuleSet).daily_call_bonus_20;
  return bonus?.threshold ?? DAILY_CALL_BONUS_THRESHOLD;
}
