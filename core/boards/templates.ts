import type { BoardWidgetInput } from '../contracts/boards';

/*
 * The boards a new one can start from (decision 102): what the common teams look at, made of
 * the built-in KPIs only, so every template works in every company before it has its own KPIs.
 * The widgets are changed, added and removed on the board like any others.
 */

export const BOARD_TEMPLATES = ['floor', 'sdr', 'field_sales', 'account_management', 'blank'] as const;
export type BoardTemplate = (typeof BOARD_TEMPLATES)[number];

const TEMPLATE_WIDGETS: Record<BoardTemplate, BoardWidgetInput[]> = {
  // A sales floor: today's calls, the week's ranking and trend, the feed.
  floor: [
    { kind: 'number', kpiId: 'calls', period: 'today', size: 'small' },
    { kind: 'number', kpiId: 'meetings_booked', period: 'week', size: 'small' },
    { kind: 'number', kpiId: 'conversion', period: 'month', size: 'small' },
    { kind: 'leaderboard', kpiId: 'points', period: 'week', size: 'medium', rows: 5 },
    { kind: 'chart', kpiId: 'calls', period: 'month', size: 'medium', style: 'bar' },
    { kind: 'feed', period: 'today', size: 'large' },
  ],
  // Dials, connects and meetings booked, and how well calls turn into meetings.
  sdr: [
    { kind: 'number', kpiId: 'calls', period: 'today', size: 'small' },
    { kind: 'number', kpiId: 'answered_calls', period: 'today', size: 'small' },
    { kind: 'gauge', kpiId: 'meetings_booked', period: 'week', size: 'small', goal: 25 },
    { kind: 'leaderboard', kpiId: 'meetings_booked', period: 'week', size: 'medium', rows: 10 },
    { kind: 'chart', kpiId: 'conversion', period: 'month', size: 'medium', style: 'line' },
    { kind: 'teams', kpiId: 'calls', period: 'week', size: 'medium' },
    { kind: 'feed', period: 'today', size: 'medium' },
  ],
  // Meetings held out in the field, what they sign, and the value.
  field_sales: [
    { kind: 'number', kpiId: 'meetings_held', period: 'week', size: 'small' },
    { kind: 'number', kpiId: 'sales', period: 'week', size: 'small' },
    { kind: 'number', kpiId: 'sales_value', period: 'month', size: 'small' },
    { kind: 'leaderboard', kpiId: 'sales_value', period: 'month', size: 'medium', rows: 10 },
    { kind: 'chart', kpiId: 'meetings_held', period: 'month', size: 'medium', style: 'bar' },
    { kind: 'feed', period: 'today', size: 'large' },
  ],
  // Renewals and upsell: the month's value against a goal, and who brings it in.
  account_management: [
    { kind: 'number', kpiId: 'sales_value', period: 'month', size: 'small' },
    { kind: 'number', kpiId: 'meetings_held', period: 'month', size: 'small' },
    { kind: 'gauge', kpiId: 'sales_value', period: 'month', size: 'small', goal: 100_000_000 },
    { kind: 'leaderboard', kpiId: 'sales_value', period: 'month', size: 'medium', rows: 5 },
    { kind: 'chart', kpiId: 'sales_value', period: 'month', size: 'medium', style: 'line' },
    { kind: 'teams', kpiId: 'sales_value', period: 'month', size: 'large' },
  ],
  blank: [],
};

/** A template's widgets, as a new board's (each gets its id when the board is saved). */
export function listTemplateWidgets(template: BoardTemplate): BoardWidgetInput[] {
  return TEMPLATE_WIDGETS[template].map((widget) => ({ ...widget }));
}
