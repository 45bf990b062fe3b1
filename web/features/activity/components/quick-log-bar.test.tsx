import { computeLogOptions, DEFAULT_KPI_RULES, type KpiRule } from '@core/kpi';
import { i18n } from '@web/i18n';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import type { LogRules } from '../lib/use-log-rules';
import { QuickLogBar } from './quick-log-bar';

/** What useLogRules computes, for a given rule list. */
const logRulesOf = (rules: readonly KpiRule[]): LogRules => computeLogOptions(rules);

const withRule = (key: KpiRule['kpiKey'], change: Partial<KpiRule>) =>
  DEFAULT_KPI_RULES.map((rule) => (rule.kpiKey === key ? { ...rule, ...change } : rule));

function renderBar(rules: LogRules) {
  const handlers = { onCall: vi.fn(), onSale: vi.fn(), onTouch: vi.fn() };
  renderWithProviders(<QuickLogBar rules={rules} isLoadingRules={false} {...handlers} />);
  return handlers;
}

describe('QuickLogBar', () => {
  beforeEach(() => void i18n.changeLanguage('en'));
  afterEach(() => vi.unstubAllGlobals());

  it('offers Call, Sale and Meeting held with the default rules, each with its points', () => {
    renderBar(logRulesOf(DEFAULT_KPI_RULES));
    expect(screen.getByRole('button', { name: 'Call, up to +5 pts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sale, +10 pts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meeting held, +3 pts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /E-mail/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /LinkedIn/ })).not.toBeInTheDocument();
  });

  it('adds E-mail and LinkedIn when their rules are on, and drops Meeting held when its rule is off', async () => {
    const rules = withRule('email', { enabled: true, basePoints: 1 })
      .map((r) => (r.kpiKey === 'linkedin' ? { ...r, enabled: true, basePoints: 2 } : r))
      .map((r) => (r.kpiKey === 'meeting_completed' ? { ...r, enabled: false } : r));
    const { onTouch } = renderBar(logRulesOf(rules));
    expect(screen.queryByRole('button', { name: /Meeting held/ })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'E-mail, +1 pt' }));
    expect(onTouch).toHaveBeenCalledWith('email');
    expect(screen.getByRole('button', { name: 'LinkedIn, +2 pts' })).toBeInTheDocument();
  });

  it('offers a built-in kind the company renamed by its name, in the reader’s language (decision 116)', async () => {
    stubFetch({
      'GET /api/v1/activity-types': reply(200, {
        types: [],
        myUse: {},
        builtIn: [],
        renamedKinds: [
          { key: 'call', names: { en: 'Dial', nb: 'Ring' } },
          { key: 'meeting', names: { en: 'Demo' } },
        ],
      }),
    });
    await i18n.changeLanguage('nb');
    renderBar(logRulesOf(DEFAULT_KPI_RULES));
    expect(await screen.findByRole('button', { name: 'Ring, opptil +5 p' })).toBeInTheDocument();
    // No Norwegian name given: the company's other one.
    expect(screen.getByRole('button', { name: 'Demo, +3 p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salg, +10 p' })).toBeInTheDocument();
  });

  it('says a sale earns more with its value when the ticket-size rule is on', () => {
    renderBar(logRulesOf(withRule('sale_ticket_size', { enabled: true, multiplierValue: 0.001 })));
    expect(screen.getByRole('button', { name: 'Sale, from +10 pts' })).toBeInTheDocument();
  });
});
