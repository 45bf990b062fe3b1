import type { ActivityField } from '@core/contracts';
import { describe, expect, it } from 'vitest';
import { createCompanyFormat } from '@web/lib/format';
import { describeOwnTypeValues } from './own-type-values';

const field = (over: Partial<ActivityField> & Pick<ActivityField, 'id' | 'kind'>): ActivityField => ({
  names: { en: over.id },
  required: false,
  options: [],
  pointsPerUnit: null,
  archived: false,
  ...over,
});

const CONTRACT: ActivityField[] = [
  field({ id: 'value', kind: 'money', names: { en: 'Contract value', da: 'Kontraktværdi' } }),
  field({
    id: 'product',
    kind: 'choice',
    names: { en: 'Product' },
    options: [{ id: 'premium', names: { en: 'Premium' }, archived: false }],
  }),
  field({ id: 'qualified', kind: 'yes_no', names: { en: 'Qualified', da: 'Kvalificeret' } }),
  field({ id: 'size', kind: 'number', names: { en: 'Site size', da: 'Størrelse' } }),
  field({ id: 'note', kind: 'text', names: { en: 'Note' } }),
  field({ id: 'setup', kind: 'money', names: { en: 'Setup fee', da: 'Opstartsgebyr' } }),
];

describe('describeOwnTypeValues', () => {
  it('says a signed contract as a Danish list row would: its value, its product and the rest with their names', () => {
    const words = {
      format: createCompanyFormat('da', 'Europe/Copenhagen', 'DKK'),
      nameOf: (names: Record<string, string>) => names.da ?? names.en!,
      yes: 'Ja',
      no: 'Nej',
    };
    const described = describeOwnTypeValues(
      CONTRACT,
      { value: 4_800_000, product: 'premium', qualified: false, size: 1200, note: 'Long text', setup: 250_000 },
      words,
    );
    expect(described.amount).toMatch(/^48\.000\s?kr\.$/);
    expect(described.details).toEqual([
      'Premium',
      'Kvalificeret: Nej',
      'Størrelse: 1.200',
      expect.stringMatching(/^Opstartsgebyr: 2\.500\s?kr\.$/),
    ]);
  });

  it('leaves out what was not given, and says nothing without values', () => {
    const words = {
      format: createCompanyFormat('en', 'Europe/Oslo', 'NOK'),
      nameOf: (n: Record<string, string>) => n.en!,
      yes: 'Yes',
      no: 'No',
    };
    expect(describeOwnTypeValues(CONTRACT, null, words)).toEqual({ amount: null, details: [] });
    expect(describeOwnTypeValues(CONTRACT, { product: 'gone', qualified: true }, words)).toEqual({
      amount: null,
      details: ['Qualified: Yes'],
    });
  });
});
