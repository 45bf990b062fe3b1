import { describe, expect, it } from 'vitest';
import { pickName } from '@core/activity-types';
import { listCommonFields, listTypeShapes, nameSharedField } from './kpi-form';

/* The types the KPI editor offers (decision 101): a kind the company does not log is not offered for a new KPI. */

describe('listTypeShapes', () => {
  const on = { call: true, sale: true, meeting: true, email: false, linkedin: false };

  it('leaves out the built-in kinds switched off, unless the KPI already reads one', () => {
    expect(listTypeShapes([], [], on).map((type) => type.id)).toEqual(['call', 'meeting', 'sale']);
    expect(listTypeShapes([], ['email'], on).map((type) => type.id)).toEqual(['call', 'meeting', 'sale', 'email']);
    expect(listTypeShapes([], [], { ...on, meeting: false }).map((type) => type.id)).toEqual(['call', 'sale']);
  });

  it('names a built-in kind the company renamed by its names (decision 116)', () => {
    const shapes = listTypeShapes([], [], on, [{ key: 'meeting', names: { en: 'Demo' } }]);
    expect(shapes.map((type) => pickName(type.names, 'en'))).toEqual(['Call', 'Demo', 'Sale']);
  });

  it('offers every built-in kind before the rules are known', () => {
    expect(listTypeShapes([]).map((type) => type.id)).toEqual(['call', 'meeting', 'sale', 'email', 'linkedin']);
  });
});

describe('nameSharedField', () => {
  const type = (id: string, value: string) => ({
    id,
    builtIn: false,
    names: { en: id },
    outcomes: [],
    fields: [{ id: 'value', names: { en: value, sv: `${value} (sv)` }, kind: 'money' as const, options: [] }],
  });
  const types = [type('renewal', 'Annual value'), type('contract', 'Contract value'), type('upsell', 'Annual value')];

  it('names a field the chosen types share by each of its names, once each', () => {
    const en = (names: Record<string, string>) => pickName(names, 'en');
    expect(listCommonFields(types, ['renewal', 'contract'], ['money']).map((field) => field.id)).toEqual(['value']);
    expect(nameSharedField(types, ['renewal', 'contract', 'upsell'], 'value', en)).toBe('Annual value / Contract value');
    expect(nameSharedField(types, ['renewal'], 'value', en)).toBe('Annual value');
    expect(nameSharedField(types, ['renewal'], 'missing', en)).toBeNull();
  });
});
