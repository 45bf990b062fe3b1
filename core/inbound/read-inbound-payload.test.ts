import { describe, expect, it } from 'vitest';
import { type InboundMapping, InboundMappingSchema } from '../contracts';
import { readInboundPayload, readPath } from './read-inbound-payload';

const TYPE = '7f0c3c4e-2d7e-4d55-9d0e-1f5b2f0a9c11';

/** A Zapier-shaped payload: a CRM's call or deal, flat keys and nested ones. */
const payload = {
  id: 48213,
  event: 'engagement.created',
  owner: { email: 'Kari.Nordmann@Example.no' },
  engagement: { type: 'CALL', disposition: 'connected', amount: '12500.50', seats: 4, inbound: true },
  contacts: [{ company: 'Fjord AS' }],
  timestamp: '2026-12-07T13:45:00+01:00',
};

const mapping = (over: Partial<Record<keyof InboundMapping, unknown>> = {}): InboundMapping =>
  InboundMappingSchema.parse({
    externalId: { path: 'id' },
    member: { path: 'owner.email', by: 'email' },
    kind: { path: 'engagement.type', values: { CALL: 'call', DEAL: 'sale', DEMO: TYPE } },
    outcome: { path: 'engagement.disposition', values: { connected: 'no_progress', 'no-answer': 'not_answered' } },
    customer: { path: 'contacts.0.company' },
    time: { path: 'timestamp' },
    deleted: { path: 'event', values: ['engagement.deleted'] },
    ...over,
  });

describe('readPath', () => {
  it('follows keys and array items, and finds nothing where there is nothing (own keys only)', () => {
    expect(readPath(payload, 'owner.email')).toBe('Kari.Nordmann@Example.no');
    expect(readPath(payload, 'contacts.0.company')).toBe('Fjord AS');
    expect(readPath(payload, 'contacts.1.company')).toBeUndefined();
    expect(readPath(payload, 'owner.email.length')).toBeUndefined();
    expect(readPath(payload, 'constructor')).toBeUndefined();
    expect(readPath(payload, '__proto__.polluted')).toBeUndefined();
  });
});

describe('readInboundPayload', () => {
  it('reads a call: its id, whose it is (the e-mail in lower case), the outcome, customer and time', () => {
    expect(readInboundPayload(payload, mapping())).toEqual({
      ok: true,
      record: {
        kind: 'activity',
        externalId: '48213',
        member: { by: 'email', value: 'kari.nordmann@example.no' },
        logs: 'call',
        outcome: 'no_progress',
        value: null,
        fields: {},
        customerName: 'Fjord AS',
        notes: null,
        occurredAt: new Date('2026-12-07T12:45:00Z'),
      },
    });
  });

  it('reads a sale value in major units as minor, or as minor already, and an own type with its fields', () => {
    const sale = readInboundPayload(
      { ...payload, engagement: { ...payload.engagement, type: 'DEAL' } },
      mapping({ outcome: null, value: { path: 'engagement.amount' } }),
    );
    expect(sale.ok && sale.record.kind === 'activity' && [sale.record.logs, sale.record.value]).toEqual(['sale', 1_250_050]);
    const minor = readInboundPayload(payload, mapping({ outcome: null, value: { path: 'engagement.seats', unit: 'minor' } }));
    expect(minor.ok && minor.record.kind === 'activity' && minor.record.value).toBe(4);
    const demo = readInboundPayload(
      { ...payload, engagement: { ...payload.engagement, type: 'DEMO' } },
      mapping({ outcome: { value: 'held' }, fields: { seats: { path: 'engagement.seats' }, inbound: { path: 'engagement.inbound' } } }),
    );
    expect(demo.ok && demo.record.kind === 'activity' && [demo.record.logs, demo.record.outcome, demo.record.fields]).toEqual([
      TYPE,
      'held',
      { seats: 4, inbound: true },
    ]);
  });

  it('reads a deletion by its id alone', () => {
    expect(readInboundPayload({ id: 'x-1', event: 'engagement.deleted' }, mapping())).toEqual({
      ok: true,
      record: { kind: 'deletion', externalId: 'x-1' },
    });
  });

  it('reads Unix times in seconds and in milliseconds, and refuses a time without its zone', () => {
    const at = (time: unknown) => {
      const reading = readInboundPayload({ ...payload, timestamp: time }, mapping());
      return reading.ok && reading.record.kind === 'activity' ? reading.record.occurredAt : reading;
    };
    expect(at(1_796_000_000)).toEqual(new Date(1_796_000_000_000));
    expect(at(1_796_000_000_123)).toEqual(new Date(1_796_000_000_123));
    expect(at('2026-12-07 13:45')).toMatchObject({ ok: false, refusal: 'bad_value' });
  });

  it('says what is missing or not mapped, and where', () => {
    expect(readInboundPayload({ ...payload, id: '' }, mapping())).toEqual({
      ok: false,
      refusal: 'missing_value',
      reason: 'The payload has no id at id.',
    });
    expect(readInboundPayload({ ...payload, owner: {} }, mapping())).toMatchObject({
      refusal: 'missing_value',
      reason: expect.stringContaining('owner.email'),
    });
    expect(readInboundPayload({ ...payload, engagement: { type: 'SMS' } }, mapping())).toEqual({
      ok: false,
      refusal: 'unknown_kind',
      reason: 'The kind "SMS" at engagement.type is not mapped.',
    });
    expect(readInboundPayload({ ...payload, engagement: { ...payload.engagement, disposition: 'busy' } }, mapping())).toMatchObject({
      refusal: 'bad_value',
    });
    // No outcome at all (a deal has none): none, not a refusal.
    const without = readInboundPayload({ ...payload, engagement: { type: 'CALL' } }, mapping());
    expect(without.ok && without.record.kind === 'activity' && without.record.outcome).toBeNull();
    expect(
      readInboundPayload(
        { ...payload, engagement: { ...payload.engagement, amount: 'lots' } },
        mapping({ value: { path: 'engagement.amount' } }),
      ),
    ).toMatchObject({
      refusal: 'bad_value',
      reason: 'The value at engagement.amount is not a number.',
    });
    expect(readInboundPayload({ ...payload, id: 'x'.repeat(201) }, mapping())).toMatchObject({ refusal: 'bad_value' });
  });

  it('refuses a mapping that is not one: no id, a path with spaces, a kind that is neither built in nor an id', () => {
    expect(InboundMappingSchema.safeParse({ member: { path: 'a', by: 'email' }, kind: { value: 'call' } }).success).toBe(false);
    expect(
      InboundMappingSchema.safeParse({ externalId: { path: 'a b' }, member: { path: 'a', by: 'email' }, kind: { value: 'call' } }).success,
    ).toBe(false);
    expect(
      InboundMappingSchema.safeParse({ externalId: { path: 'id' }, member: { path: 'a', by: 'email' }, kind: { value: 'fax' } }).success,
    ).toBe(false);
  });
});
