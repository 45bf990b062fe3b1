import type { ActivityType, Kpi, KpiFormat, KpiFormula, KpiInput, RenamedKind } from '@core/contracts';
import { pickName } from '@core/activity-types';
import { BUILT_IN_KPI_TYPE_SHAPES, type KpiTypeShape } from '@core/kpi-formulas';
import type { LANGUAGES } from '@core/language';

/*
 * The KPI editor's form (decision 101): one flat state for every kind of formula, so switching
 * between a count and a ratio keeps what was chosen for each; converted to the contract's input
 * on saving, when only the chosen kind's parts go.
 */

export type Language = (typeof LANGUAGES)[number];
export type Names = Record<Language, string>;
export const KPI_KINDS = ['count', 'sum', 'average', 'min', 'max', 'ratio', 'difference'] as const;
export type KpiKind = (typeof KPI_KINDS)[number];

export type KpiForm = {
  names: Names;
  kind: KpiKind;
  typeIds: string[];
  outcomeIds: string[];
  /** Sum and average: "points" or a field's id; min and max: a field's id; '' while none is chosen. */
  of: string;
  /** Count: a choice or yes/no field to narrow by; '' for none. */
  whereFieldId: string;
  whereValues: string[];
  left: string;
  right: string;
  format: KpiFormat;
  decimals: number;
  lowerIsBetter: boolean;
};

export const emptyNames = (): Names => ({ en: '', nb: '', sv: '', da: '' });

export function newForm(): KpiForm {
  return {
    names: emptyNames(),
    kind: 'count',
    typeIds: [],
    outcomeIds: [],
    of: '',
    whereFieldId: '',
    whereValues: [],
    left: 'meetings_booked',
    right: 'answered_calls',
    format: 'number',
    decimals: 0,
    lowerIsBetter: false,
  };
}

export function toForm(kpi: Kpi): KpiForm {
  const form = {
    ...newForm(),
    names: { ...emptyNames(), ...kpi.names },
    format: kpi.format,
    decimals: kpi.decimals,
    lowerIsBetter: kpi.lowerIsBetter,
  };
  const formula = kpi.formula;
  if (formula.kind === 'aggregate') {
    return {
      ...form,
      kind: formula.aggregate,
      typeIds: [...formula.typeIds],
      outcomeIds: [...formula.outcomeIds],
      of: formula.of ?? '',
      whereFieldId: formula.where?.fieldId ?? '',
      whereValues: [...(formula.where?.values ?? [])],
    };
  }
  return { ...form, kind: formula.kind, left: formula.left, right: formula.right };
}

/** A call's points are kept for all its outcomes together (decision 110): no outcome can filter a points KPI on calls. */
export function readsCallPoints(form: Pick<KpiForm, 'kind' | 'of' | 'typeIds'>): boolean {
  return (form.kind === 'sum' || form.kind === 'average') && form.of === 'points' && form.typeIds.includes('call');
}

export function toInput(form: KpiForm): KpiInput {
  const names = Object.fromEntries(Object.entries(form.names).filter(([, name]) => name.trim() !== '')) as Partial<Names>;
  const formula: KpiFormula =
    form.kind === 'ratio' || form.kind === 'difference'
      ? { kind: form.kind, left: form.left, right: form.right }
      : {
          kind: 'aggregate',
          aggregate: form.kind,
          of: form.kind === 'count' ? null : form.of || null,
          typeIds: form.typeIds,
          outcomeIds: readsCallPoints(form) ? [] : form.outcomeIds,
          where: form.kind === 'count' && form.whereFieldId ? { fieldId: form.whereFieldId, values: form.whereValues } : null,
        };
  return { names, formula, format: form.format, decimals: form.decimals, lowerIsBetter: form.lowerIsBetter };
}

/**
 * The types a KPI may read: the built-in kinds, then the company's own (archived ones only when
 * already chosen). With `enabledKinds` (the company's point rules), a built-in kind switched off
 * (E-mail, LinkedIn, Meeting held) is offered only when already chosen, as an archived type is.
 */
export function listTypeShapes(
  own: readonly ActivityType[],
  chosen: readonly string[] = [],
  enabledKinds?: Readonly<Record<string, boolean>>,
  /** The built-in kinds the company renamed (decision 116): offered and named by their names. */
  renamedKinds: readonly RenamedKind[] = [],
): KpiTypeShape[] {
  const renamed = new Map(renamedKinds.map((kind) => [kind.key as string, kind.names]));
  return [
    ...Object.values(BUILT_IN_KPI_TYPE_SHAPES)
      .filter((type) => enabledKinds?.[type.id] !== false || chosen.includes(type.id))
      .map((type) => ({ ...type, names: renamed.get(type.id) ?? type.names })),
    ...own
      .filter((type) => type.archivedAt === null || chosen.includes(type.id))
      .map((type) => ({
        id: type.id,
        builtIn: false,
        names: type.names,
        outcomes: type.outcomes.filter((o) => !o.archived || chosen.length > 0),
        fields: type.fields,
      })),
  ];
}

type Choice = { value: string; label: string };

/** The outcomes of the chosen types, named "Type: outcome" when more than one type is chosen. */
export function listOutcomeChoices(types: readonly KpiTypeShape[], typeIds: readonly string[], language: string): Choice[] {
  const chosen = types.filter((type) => typeIds.includes(type.id));
  return chosen.flatMap((type) =>
    type.outcomes.map((outcome) => ({
      value: outcome.id,
      label:
        chosen.length > 1 ? `${pickName(type.names, language)}: ${pickName(outcome.names, language)}` : pickName(outcome.names, language),
    })),
  );
}

/** The fields every chosen type has, of these kinds (by id: types that share a field id share the field). */
export function listCommonFields(types: readonly KpiTypeShape[], typeIds: readonly string[], kinds: readonly string[]) {
  const chosen = types.filter((type) => typeIds.includes(type.id));
  if (chosen.length === 0) return [];
  return chosen[0]!.fields.filter(
    (field) =>
      kinds.includes(field.kind) &&
      chosen.every((type) => type.fields.some((other) => other.id === field.id && kinds.includes(other.kind))),
  );
}

/**
 * A field the chosen types share, by each name it has in them: types that share a field id share
 * the field (decision 101), so a renewal's "Annual value" and a signed contract's "Contract value"
 * are summed together and read "Annual value / Contract value", not as the first type's alone.
 */
export function nameSharedField(
  types: readonly KpiTypeShape[],
  typeIds: readonly string[],
  fieldId: string,
  nameOf: (names: Record<string, string>) => string,
): string | null {
  const fields = types.filter((type) => typeIds.includes(type.id)).flatMap((type) => type.fields.filter((field) => field.id === fieldId));
  return fields.length === 0 ? null : [...new Set(fields.map((field) => nameOf(field.names)))].join(' / ');
}
