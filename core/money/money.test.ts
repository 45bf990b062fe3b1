import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoneyInput, parseNumberInput, parseWholeNumberInput, toMinorUnits } from './index';

describe('parseMoneyInput', () => {
  it.each([
    ['100', 10000],
    ['12 500', 1250000],
    ['12500,50', 1250050],
    ['12,500.50', 1250050],
    ['0.01', 1],
    [' kr 999 ', 99900],
    ['$45.5', 4550],
    // Danish (and Norwegian by hand): dots group thousands, a comma takes the øre.
    ['12.500', 1250000],
    ['1.250.000', 125000000],
    ['12.500,50', 1250050],
    ['12.50', 1250],
    ['12 500 kr', 1250000],
    ['12.500 kr.', 1250000],
    ['DKK 1.999', 199900],
    ['4 990,-', 499000],
  ])('%j is %d minor units', (input, expected) => {
    expect(parseMoneyInput(input)).toBe(expected);
  });
  it.each(['', '   ', '0', '-5', 'abc', '1e5', '12..5', '0,00'])('%j is not a valid sale value', (input) => {
    expect(parseMoneyInput(input)).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats whole amounts without decimals and keeps cents when present', () => {
    expect(formatMoney(toMinorUnits(150000), 'USD', 'en-US')).toBe('$1,500');
    expect(formatMoney(toMinorUnits(150050), 'USD', 'en-US')).toBe('$1,500.50');
    expect(formatMoney(toMinorUnits(150000), 'NOK', 'nb-NO')).toMatch(/1\s500\s*kr/);
  });

  it("writes dollars as '$' in the app's English (en-GB), and other currencies by their code or sign", () => {
    expect(formatMoney(toMinorUnits(1250000), 'USD', 'en-GB')).toBe('$12,500');
    expect(formatMoney(toMinorUnits(1250000), 'NOK', 'en-GB')).toMatch(/^NOK\s12,500$/);
    expect(formatMoney(toMinorUnits(1250000), 'EUR', 'en-GB')).toBe('€12,500');
  });
});

describe('parseWholeNumberInput', () => {
  it('reads a count with its thousands grouped the Nordic or the English way, and nothing else', () => {
    for (const typed of ['1200', '1 200', '1.200', '1,200', ' 1\u00a0200 ']) expect(parseWholeNumberInput(typed)).toBe(1200);
    expect(parseWholeNumberInput('200.000')).toBe(200_000);
    for (const typed of ['', '1.5', '1,50', '12.00', '-3', 'ten', '1.2.3']) expect(parseWholeNumberInput(typed)).toBeNull();
  });
});

describe('parseNumberInput', () => {
  it('reads a number the Nordic or the English way, a sign too, and nothing else', () => {
    const read: [string, number][] = [
      ['1200', 1200],
      ['1.200', 1200],
      ['1 200,5', 1200.5],
      ['1.200,50', 1200.5],
      ['1,200.5', 1200.5],
      ['2,5', 2.5],
      ['2.5', 2.5],
      ['-3', -3],
      ['0', 0],
    ];
    for (const [typed, value] of read) expect(parseNumberInput(typed)).toBe(value);
    for (const typed of ['', '-', 'abc', '1.2.3', '1,2,3,4.5.6']) expect(parseNumberInput(typed)).toBeNull();
  });
});
