import type { Kpi } from '@core/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { describeFormula } from './kpis-settings';

/* A KPI's line in Administration, KPIs: what it computes, in words (decision 101). */

const contract = {
  id: 't-contract',
  builtIn: false,
  names: { en: 'Signed contract', nb: 'Signert kontrakt' },
  outcomes: [],
  fields: [
    { id: 'value', names: { en: 'Contract value', nb: 'Kontraktsverdi' }, kind: 'money', options: [] },
    { id: 'mrr', names: { en: 'MRR' }, kind: 'money', options: [] },
  ],
};

describe('describeFormula', () => {
  it('names a field inside the sentence in lower case, an acronym as it is', async () => {
    const t = i18n.getFixedT('nb');
    const nameOf = (names: Record<string, string>) => names.nb ?? names.en ?? '';
    const context = { kpis: [] as Kpi[], types: [contract] as never, nameOf, t: t as never };
    const largest = (of: string) =>
      describeFormula({ kind: 'aggregate', aggregate: 'max', of, typeIds: [contract.id], outcomeIds: [] }, context);
    await i18n.loadNamespaces('settings');
    expect(largest('value')).toBe('Største kontraktsverdi av Signert kontrakt');
    expect(largest('mrr')).toBe('Største MRR av Signert kontrakt');
  });
});
