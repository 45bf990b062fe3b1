import { describe, expect, it } from 'vitest';
import { nameWidgets } from './widget-names';

/* The board editor's buttons name each widget once. */

describe('nameWidgets', () => {
  const kind = (k: string) => ({ number: 'Number', chart: 'Chart', gauge: 'Gauge' })[k] ?? k;

  it('keeps a title that is the board’s only one; adds the kind, then the place, where titles repeat', () => {
    const names = nameWidgets(
      [
        { title: 'Renewed value', kind: 'number' },
        { title: 'Check-ins', kind: 'number' },
        { title: 'Renewed value', kind: 'chart' },
        { title: 'Upsell', kind: 'gauge' },
        { title: 'Upsell', kind: 'gauge' },
      ],
      kind,
    );
    expect(names).toEqual(['Renewed value (Number)', 'Check-ins', 'Renewed value (Chart)', 'Upsell (Gauge 1)', 'Upsell (Gauge 2)']);
    expect(new Set(names).size).toBe(names.length);
  });
});
