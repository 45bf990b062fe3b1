import { describe, expect, it } from 'vitest';
import { createCompanyFormat } from '@web/lib/format';
import { formatExpectedValue } from './metrics';

describe('formatExpectedValue', () => {
  const format = createCompanyFormat('da', 'Europe/Copenhagen', 'DKK');

  it('says a small expected count with its decimal, so "behind, 2 of 12" does not sit beside "expected 2"', () => {
    expect(formatExpectedValue({ metric: 'calls' }, 2.4, format)).toBe('2,4');
    expect(formatExpectedValue({ metric: 'calls' }, 3, format)).toBe('3');
  });

  it('rounds larger counts to whole ones, and money to whole kroner', () => {
    expect(formatExpectedValue({ metric: 'calls' }, 45.6, format)).toBe('46');
    expect(formatExpectedValue({ metric: 'sales_value' }, 1_234_567, format).replace(/\s/g, ' ')).toBe('12.346 kr.');
  });
});
