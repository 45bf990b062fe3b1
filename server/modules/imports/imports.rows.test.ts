import { describe, expect, it } from 'vitest';
import { readImportAmount, readImportNumber } from './imports.rows';

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
