import { describe, expect, it } from 'vitest';
import { checkActivityRow, proposeImportMapping, readImportAmount, readImportNumber } from './imports.rows';

/* An own type's number and money cells (decision 100): read by the rules a sale's value is read with. */

describe('the numbers of an own type’s fields in a spreadsheet', () => {
  it('reads a number as an amount is read: groups of three after a point or comma are thousands', () => {
    expect(readImportNumber('12 500')).toBe(12_500);
    expect(readImportNumber('12.500')).toBe(12_500);
    expect(readImportNumber('12,500')).toBe(12_500);
    expect(readImportNumber('1.234.567,5')).toBe(1_234_567.5);
    expect(readImportNumber('12,5')).toBe(12.5);
    expect(readImportNumber('12.5')).toBe(12.5);
    expect(readImportNumber('-3')).toBe(-3);
    expect(readImportNumber('0')).toBe(0);
    expect(readImportNumber('tolv')).toBeNull();
    expect(readImportNumber('12,5,3')).toBeNull();
  });

  it('reads an amount in minor units, nothing owed too, as a sale’s value is read', () => {
    expect(readImportAmount('12.500')).toBe(1_250_000);
    expect(readImportAmount('15 000,50')).toBe(1_500_050);
    expect(readImportAmount('kr 400')).toBe(40_000);
    expect(readImportAmount('0')).toBe(0);
    expect(readImportAmount('0,00 kr')).toBe(0);
    expect(readImportAmount('mye')).toBeNull();
    expect(readImportAmount('-5')).toBeNull();
  });
});

describe('a Swedish or Danish file, as the app’s own activities’ file writes one', () => {
  it('maps its headers to the fields', () => {
    expect(proposeImportMapping('activities', ['Dato', 'E-mail', 'Type', 'Udfald', 'Kunde', 'Værdi', 'Noter'])).toMatchObject({
      date: 0,
      email: 1,
      type: 2,
      outcome: 3,
      customer: 4,
      value: 5,
      notes: 6,
    });
    expect(proposeImportMapping('activities', ['Datum', 'E-post', 'Typ', 'Utfall', 'Kund', 'Värde', 'Anteckningar'])).toMatchObject({
      type: 2,
      customer: 4,
      value: 5,
      notes: 6,
    });
  });

  it('reads its kinds and outcomes in Danish: a held meeting, a call with a booked meeting, one not answered', () => {
    const mapping = { date: 0, email: 1, type: 2, outcome: 3 };
    const context = {
      membersByEmail: new Map([['lars@example.com', 'lars']]),
      enabledKinds: { call: true, sale: true, meeting: true, email: false, linkedin: false },
      today: '2026-12-07' as never,
      ownTypes: [],
      fields: {},
    };
    const check = (type: string, outcome: string) => checkActivityRow(['2026-12-07', 'lars@example.com', type, outcome], mapping, context);
    expect(check('Afholdt møde', '').row).toMatchObject({ type: 'meeting' });
    expect(check('Opkald', 'Møde booket').row).toMatchObject({ type: 'call_answered', outcome: 'meeting_booked' });
    expect(check('Opkald', 'Ikke besvaret').row).toMatchObject({ type: 'call_unanswered', outcome: null });
    expect(check('Opkald', 'Frokost').issues).toMatchObject([{ field: 'outcome', code: 'unknown_outcome' }]);
  });
});
