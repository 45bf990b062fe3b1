import { describe, expect, it } from 'vitest';
import type { ActivityTypeDefinition } from '../contracts/activity-types';
import {
  ACTIVITY_TYPE_TEMPLATE_KEYS,
  ACTIVITY_TYPE_TEMPLATE_TYPES,
  computeCustomActivityPoints,
  mergeActivityTypeDefinition,
  pickName,
} from './index';
import { ActivityTypeInputSchema } from '../contracts/activity-types';

const ids = () => {
  let n = 0;
  return () => `id-${++n}`;
};

const base: ActivityTypeDefinition = {
  names: { en: ' Demo ', nb: '' },
  icon: 'presentation',
  colour: 'green',
  points: 2,
  outcomes: [{ names: { en: 'Won' }, points: 3, celebrate: false }],
  fields: [{ names: { en: 'Plan' }, kind: 'choice', required: false, options: [{ names: { en: 'Basic' } }, { names: { en: 'Pro' } }] }],
  bonus: null,
  celebrate: false,
};

describe('pickName', () => {
  it("is the reader's language, else the company's, else the first in our languages' order", () => {
    expect(pickName({ en: 'Dial', nb: 'Oppringning' }, 'nb')).toBe('Oppringning');
    expect(pickName({ en: 'Dial', sv: 'Uppringning' }, 'da', 'sv')).toBe('Uppringning');
    expect(pickName({ sv: 'Uppringning', nb: 'Oppringning' }, 'da')).toBe('Oppringning');
    expect(pickName({ en: '  ' }, 'en')).toBe('');
  });
});

describe('mergeActivityTypeDefinition', () => {
  it('gives new entries ids and trims names, leaving empty ones out', () => {
    const merged = mergeActivityTypeDefinition(null, base, { inUse: false, newId: ids() });
    expect(merged.names).toEqual({ en: 'Demo' });
    expect(merged.outcomes).toEqual([{ id: 'id-1', names: { en: 'Won' }, points: 3, celebrate: false, archived: false }]);
    expect(merged.fields[0]).toMatchObject({ id: 'id-2', kind: 'choice', options: [{ id: 'id-3' }, { id: 'id-4' }] });
  });

  it('while in use keeps what was left out, archived, and a field its kind; unused, drops it and lets the kind change', () => {
    const stored = mergeActivityTypeDefinition(null, base, { inUse: false, newId: ids() });
    const next: ActivityTypeDefinition = {
      ...base,
      outcomes: [],
      fields: [{ id: 'id-2', names: { en: 'Plan' }, kind: 'text', required: true }],
    };
    const inUse = mergeActivityTypeDefinition(stored, next, { inUse: true, newId: ids() });
    expect(inUse.outcomes).toEqual([{ ...stored.outcomes[0], archived: true }]);
    expect(inUse.fields[0]).toMatchObject({ id: 'id-2', kind: 'choice', required: true });
    // Still a choice, with its options as they were: none archived by a request for another kind.
    expect(inUse.fields[0]!.options).toEqual(stored.fields[0]!.options);
    const unused = mergeActivityTypeDefinition(stored, next, { inUse: false, newId: ids() });
    expect(unused.outcomes).toEqual([]);
    expect(unused.fields[0]).toMatchObject({ kind: 'text', options: [] });
  });

  it('brings an archived entry back when it is sent again', () => {
    const stored = mergeActivityTypeDefinition(null, base, { inUse: false, newId: ids() });
    const archived = mergeActivityTypeDefinition(stored, { ...base, outcomes: [] }, { inUse: true, newId: ids() });
    const back = mergeActivityTypeDefinition(
      archived,
      { ...base, outcomes: [{ id: 'id-1', names: { en: 'Won' }, points: 3, celebrate: true }] },
      { inUse: true, newId: ids() },
    );
    expect(back.outcomes).toEqual([{ id: 'id-1', names: { en: 'Won' }, points: 3, celebrate: true, archived: false }]);
  });
});

describe('the templates', () => {
  it('reward a renewal won, not one lost', () => {
    const template = ACTIVITY_TYPE_TEMPLATE_TYPES.account_management.find((type) => type.key === 'renewal')!;
    const renewal = mergeActivityTypeDefinition(null, template, { inUse: false, newId: () => 'new' });
    const points = (outcome: string) =>
      computeCustomActivityPoints(renewal, outcome, { value: 5_000_000 }, { countBefore: 0, bonusTaken: false }).points;
    expect({ renewed: points('renewed'), lost: points('lost') }).toEqual({ renewed: 10, lost: 0 });
  });

  it('are each a valid definition with names in every language', () => {
    for (const types of Object.values(ACTIVITY_TYPE_TEMPLATE_TYPES)) {
      for (const { key, ...type } of types) {
        expect(ActivityTypeInputSchema.safeParse(type).success).toBe(true);
        expect(Object.keys(type.names).sort()).toEqual(['da', 'en', 'nb', 'sv']);
        expect(ACTIVITY_TYPE_TEMPLATE_KEYS).toContain(key);
      }
    }
    // Each key is one template type's: the board templates find the type by it.
    expect(new Set(Object.values(ACTIVITY_TYPE_TEMPLATE_TYPES).flatMap((types) => types.map((type) => type.key))).size).toBe(
      ACTIVITY_TYPE_TEMPLATE_KEYS.length,
    );
  });
});
