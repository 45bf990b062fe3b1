import { describe, expect, it } from 'vitest';
import { listTypeShapes } from './kpi-form';

/* The types the KPI editor offers (decision 101): a kind the company does not log is not offered for a new KPI. */

describe('listTypeShapes', () => {
  const on = { call: true, sale: true, meeting: true, email: false, linkedin: false };

  it('leaves out the built-in kinds switched off, unless the KPI already reads one', () => {
    expect(listTypeShapes([], [], on).map((type) => type.id)).toEqual(['call', 'meeting', 'sale']);
    expect(listTypeShapes([], ['email'], on).map((type) => type.id)).toEqual(['call', 'meeting', 'sale', 'email']);
    expect(listTypeShapes([], [], { ...on, meeting: false }).map((type) => type.id)).toEqual(['call', 'sale']);
  });

  it('offers every built-in kind before the rules are known', () => {
    expect(listTypeShapes([]).map((type) => type.id)).toEqual(['call', 'meeting', 'sale', 'email', 'linkedin']);
  });
});
