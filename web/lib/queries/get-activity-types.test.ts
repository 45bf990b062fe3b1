import type { ActivityType } from '@core/contracts';
import { describe, expect, it } from 'vitest';
import { orderTypesByUse } from './get-activity-types';

const type = (id: string, archived = false) =>
  ({ id, names: { en: id }, archivedAt: archived ? '2026-11-01T00:00:00.000Z' : null }) as unknown as ActivityType;

describe("a member's loggable types", () => {
  it('puts the ones they used most lately first, keeps the company order for the rest, and leaves archived ones out', () => {
    const list = {
      types: [type('dial'), type('demo'), type('visit'), type('old', true), type('renewal')],
      myUse: { visit: 12, demo: 3, old: 40 },
    };
    expect(orderTypesByUse(list)?.map((t) => t.id)).toEqual(['visit', 'demo', 'dial', 'renewal']);
    expect(orderTypesByUse({ types: list.types, myUse: {} })?.map((t) => t.id)).toEqual(['dial', 'demo', 'visit', 'renewal']);
    expect(orderTypesByUse(undefined)).toBeUndefined();
  });
});
