import type { ActivityTypeTemplateKey } from '../activity-types';
import { BOARD_TEMPLATES, type BoardTemplate, type BoardWidgetInput } from '../contracts/boards';
import type { BuiltInKpi, KpiDefinition } from '../contracts/kpis';
import type { LocalizedNames } from '../contracts/activity-types';

/*
 * The boards a new one can start from (decision 102): what the common teams look at. Every widget
 * works in every company from the built-in KPIs; where the company has the types the matching type
 * template adds (core/activity-types, found by their keys), a widget reads a KPI over those types
 * instead, with the built-in sales in it where they are the same thing (a signed contract is a
 * sale): the server finds that KPI among the company's or makes it when the board is made.
 * The widgets are changed, added and removed on the board like any others.
 */

export { BOARD_TEMPLATES, type BoardTemplate };

const names = (en: string, nb: string, sv: string, da: string): LocalizedNames => ({ en, nb, sv, da });

/** A KPI a template reads over the template types it names: built from their ids in the company. */
export interface TemplateKpi {
  /** The template types it needs, every one (live) in the company. */
  typeKeys: readonly ActivityTypeTemplateKey[];
  build: (typeIdOf: (key: ActivityTypeTemplateKey) => string) => KpiDefinition;
}

/** A count of the types' activities (with these outcomes): a number. */
const countKpi = (kpiNames: LocalizedNames, typeIds: string[], outcomeIds: string[] = []): KpiDefinition => ({
  names: kpiNames,
  formula: { kind: 'aggregate', aggregate: 'count', of: null, typeIds, outcomeIds, where: null },
  format: 'number',
  decimals: 0,
  lowerIsBetter: false,
});
/** The sum of the types' `value` (a sale's and each template type's money field): to the øre, as the built-in sales value. */
const valueKpi = (kpiNames: LocalizedNames, typeIds: string[], outcomeIds: string[] = []): KpiDefinition => ({
  names: kpiNames,
  formula: { kind: 'aggregate', aggregate: 'sum', of: 'value', typeIds, outcomeIds, where: null },
  format: 'money',
  decimals: 2,
  lowerIsBetter: false,
});

/** The KPIs the templates read over template types, by a name the widgets below use. */
export const TEMPLATE_KPIS = {
  demos_held: {
    typeKeys: ['demo_held'],
    build: (id) => countKpi(names('Demos held', 'Demoer holdt', 'Genomförda demos', 'Afholdte demoer'), [id('demo_held')]),
  },
  door_knocks: {
    typeKeys: ['door_knock'],
    build: (id) => countKpi(names('Door knocks', 'Dørbankinger', 'Dörrknackningar', 'Dørbesøg'), [id('door_knock')]),
  },
  // A sale is a signed contract too: a team that logs both sees them together.
  contracts_signed: {
    typeKeys: ['signed_contract'],
    build: (id) =>
      countKpi(names('Contracts signed', 'Signerte kontrakter', 'Signerade avtal', 'Underskrevne kontrakter'), [
        'sale',
        id('signed_contract'),
      ]),
  },
  value_signed: {
    typeKeys: ['signed_contract'],
    build: (id) =>
      valueKpi(names('Value signed', 'Signert verdi', 'Signerat värde', 'Underskrevet værdi'), ['sale', id('signed_contract')]),
  },
  renewed_value: {
    typeKeys: ['renewal'],
    build: (id) => valueKpi(names('Renewed value', 'Fornyet verdi', 'Förnyat värde', 'Fornyet værdi'), [id('renewal')], ['renewed']),
  },
  // An upsell is a sale to a customer the team has: the two together are what the accounts brought.
  upsell_value: {
    typeKeys: ['upsell'],
    build: (id) =>
      valueKpi(
        names('Sales and upsell value', 'Salgs- og mersalgsverdi', 'Försäljnings- och merförsäljningsvärde', 'Salgs- og mersalgsværdi'),
        ['sale', id('upsell')],
      ),
  },
  check_ins: {
    typeKeys: ['check_in'],
    build: (id) => countKpi(names('Check-ins', 'Kundeoppfølginger', 'Kunduppföljningar', 'Kundeopfølgninger'), [id('check_in')]),
  },
} as const satisfies Record<string, TemplateKpi>;
export type TemplateKpiName = keyof typeof TEMPLATE_KPIS;

/** A widget's KPI: a built-in one, or a template KPI with the built-in one to read without it (null: no widget). */
type TemplateKpiRef = BuiltInKpi | { template: TemplateKpiName; otherwise: BuiltInKpi | null };
type TemplateWidget = BoardWidgetInput extends infer W
  ? W extends { kpiId: string }
    ? Omit<W, 'kpiId'> & { kpiId: TemplateKpiRef }
    : W
  : never;

const TEMPLATE_WIDGETS: Record<BoardTemplate, TemplateWidget[]> = {
  // A sales floor: today's calls, the week's ranking and trend, the feed.
  floor: [
    { kind: 'number', kpiId: 'calls', period: 'today', size: 'small' },
    { kind: 'number', kpiId: 'meetings_booked', period: 'week', size: 'small' },
    { kind: 'number', kpiId: 'conversion', period: 'month', size: 'small' },
    { kind: 'leaderboard', kpiId: 'points', period: 'week', size: 'medium', rows: 5 },
    { kind: 'chart', kpiId: 'calls', period: 'month', size: 'medium', style: 'bar' },
    { kind: 'feed', period: 'today', size: 'large' },
  ],
  // Dials (the built-in call), connects and meetings booked, and how well calls turn into meetings.
  sdr: [
    { kind: 'number', kpiId: 'calls', period: 'today', size: 'small' },
    { kind: 'number', kpiId: 'answered_calls', period: 'today', size: 'small' },
    { kind: 'gauge', kpiId: 'meetings_booked', period: 'week', size: 'small', goal: 25 },
    { kind: 'number', kpiId: { template: 'demos_held', otherwise: null }, period: 'week', size: 'small' },
    { kind: 'leaderboard', kpiId: 'meetings_booked', period: 'week', size: 'medium', rows: 10 },
    { kind: 'chart', kpiId: 'conversion', period: 'month', size: 'medium', style: 'line' },
    { kind: 'teams', kpiId: 'calls', period: 'week', size: 'medium' },
    { kind: 'feed', period: 'today', size: 'medium' },
  ],
  // Door knocks (else meetings held) out in the field, what they sign, and the value.
  field_sales: [
    { kind: 'number', kpiId: { template: 'door_knocks', otherwise: 'meetings_held' }, period: 'week', size: 'small' },
    { kind: 'number', kpiId: { template: 'contracts_signed', otherwise: 'sales' }, period: 'week', size: 'small' },
    { kind: 'number', kpiId: { template: 'value_signed', otherwise: 'sales_value' }, period: 'month', size: 'small' },
    { kind: 'leaderboard', kpiId: { template: 'value_signed', otherwise: 'sales_value' }, period: 'month', size: 'medium', rows: 10 },
    { kind: 'chart', kpiId: { template: 'door_knocks', otherwise: 'meetings_held' }, period: 'month', size: 'medium', style: 'bar' },
    { kind: 'feed', period: 'today', size: 'large' },
  ],
  // Renewals and upsell: the month's value against a goal, and who brings it in.
  account_management: [
    { kind: 'number', kpiId: { template: 'renewed_value', otherwise: 'sales_value' }, period: 'month', size: 'small' },
    { kind: 'number', kpiId: { template: 'check_ins', otherwise: 'meetings_held' }, period: 'month', size: 'small' },
    { kind: 'gauge', kpiId: { template: 'upsell_value', otherwise: 'sales_value' }, period: 'month', size: 'small', goal: 100_000_000 },
    { kind: 'leaderboard', kpiId: { template: 'upsell_value', otherwise: 'sales_value' }, period: 'month', size: 'medium', rows: 5 },
    { kind: 'chart', kpiId: { template: 'renewed_value', otherwise: 'sales_value' }, period: 'month', size: 'medium', style: 'line' },
    { kind: 'teams', kpiId: { template: 'upsell_value', otherwise: 'sales_value' }, period: 'month', size: 'large' },
  ],
  blank: [],
};

/** The template KPIs a template's widgets read (each once). */
export function listTemplateKpiNames(template: BoardTemplate): TemplateKpiName[] {
  const wanted = TEMPLATE_WIDGETS[template].flatMap((widget) =>
    'kpiId' in widget && typeof widget.kpiId === 'object' ? [widget.kpiId.template] : [],
  );
  return [...new Set(wanted)];
}

/**
 * A template's widgets, as a new board's (each gets its id when the board is saved). `kpiIdOf`
 * answers a template KPI's id in the company, or null where the company cannot have it (its types
 * are missing): that widget reads its built-in KPI, or is left out. Without it, built-in KPIs only.
 */
export function listTemplateWidgets(
  template: BoardTemplate,
  kpiIdOf: (name: TemplateKpiName) => string | null = () => null,
): BoardWidgetInput[] {
  return TEMPLATE_WIDGETS[template].flatMap((widget): BoardWidgetInput[] => {
    if (!('kpiId' in widget) || typeof widget.kpiId === 'string') return [{ ...widget } as BoardWidgetInput];
    const kpiId = kpiIdOf(widget.kpiId.template) ?? widget.kpiId.otherwise;
    return kpiId === null ? [] : [{ ...widget, kpiId } as BoardWidgetInput];
  });
}
