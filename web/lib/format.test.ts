import { describe, expect, it } from 'vitest';
import { createCompanyFormat, formatCount, formatUsdCents } from './format';

describe('formatting', () => {
  it("shows times in the company's time zone and adds the day when it is not today", () => {
    const format = createCompanyFormat('en', 'Europe/Oslo', 'NOK');
    expect(format.activityTime('2026-11-16T13:05:00Z', '2026-11-16')).toBe('14:05');
    expect(format.activityTime('2026-11-15T13:05:00Z', '2026-11-16')).toBe('15 Nov, 14:05');
    expect(format.localDay('2026-11-15T23:30:00Z')).toBe('2026-11-16');
    expect(format.percent(25)).toBe('25%');
    expect(format.decimal(3.25)).toBe('3.3');
  });

  it("writes numbers whole unless asked, money in the company's currency, and local days as calendar days", () => {
    const en = createCompanyFormat('en', 'Pacific/Auckland', 'NOK');
    expect(en.number(12_500.4)).toBe('12,500');
    expect(en.number(2.46, 1)).toBe('2.5');
    expect(en.money(1_250_000).replace(/\s/g, ' ')).toBe('NOK 12,500');
    // A local day is not an instant: Auckland's clock does not move it.
    expect(en.longDay('2026-11-03')).toBe('Tuesday 3 November');
    const nb = createCompanyFormat('nb', 'Europe/Oslo', 'NOK');
    expect(nb.number(12_500).replace(/\s/g, ' ')).toBe('12 500');
    expect(nb.currencySymbol).toBe('kr');
    // Where the sign goes beside a typed amount: after it in the Nordic languages ("12 500 kr"), before it in English.
    expect([nb.currencyAfter, en.currencyAfter, createCompanyFormat('sv', 'Europe/Stockholm', 'SEK').currencyAfter]).toEqual([
      true,
      false,
      true,
    ]);
    // A percent as each language writes it (a KPI's percent format writes it the same way).
    expect(nb.percent(25)).toBe('25\u00a0%');
    expect(createCompanyFormat('sv', 'Europe/Stockholm', 'SEK').percent(7.6)).toBe('8\u00a0%');
  });

  it('formats in the reader’s language alone where no company is involved', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatUsdCents(9900, 'en')).toBe('$99');
    expect(formatUsdCents(150, 'en')).toBe('$1.50');
  });
});
