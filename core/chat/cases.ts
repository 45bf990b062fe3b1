import type { MinorUnits } from '../money';
import type { LocalDate } from '../period';
import type { ChatContext, ChatMessage } from './messages';

/** The inputs of the recorded payloads in fixtures/ (one file per case and platform). */
export const RECORDED_CASES: { name: string; context: ChatContext; message: ChatMessage }[] = [
  {
    name: 'sale.nb',
    context: { language: 'nb', currency: 'NOK' },
    message: {
      kind: 'sale',
      rep: 'Kari Nordmann',
      value: 1_250_000 as MinorUnits,
      customer: 'Fjord Fisk AS',
      product: 'Årsabonnement',
      points: 10,
    },
  },
  {
    name: 'sale.en',
    context: { language: 'en', currency: 'NOK' },
    message: { kind: 'sale', rep: 'Ola Hansen', value: 99_950 as MinorUnits, customer: null, product: null, points: 10 },
  },
  {
    name: 'goal.en',
    context: { language: 'en', currency: 'NOK' },
    message: { kind: 'goal_reached', member: 'Kari Nordmann', goal: 'calls', value: 40, target: 40 },
  },
  {
    name: 'summary.nb',
    context: { language: 'nb', currency: 'NOK' },
    message: {
      kind: 'daily_summary',
      date: '2026-11-24' as LocalDate,
      top: [
        { name: 'Kari Nordmann', points: 48 },
        { name: 'Ola Hansen', points: 31 },
        { name: null, points: 12 },
      ],
      totals: { calls: 1_204, meetings: 9, sales: 3, revenue: 3_750_000 as MinorUnits, points: 91 },
      // The company's own KPIs (decision 101): named in the company's language, each in its format.
      kpis: [
        { names: { en: 'Demos booked', nb: 'Demoer booket' }, format: 'number', decimals: 0, value: 14 },
        { names: { en: 'Largest contract', nb: 'Største kontrakt' }, format: 'money', decimals: 0, value: 4_800_000 },
        { names: { en: 'Answered share' }, format: 'percent', decimals: 1, value: 0.4375 },
        { names: { en: 'Offers per call', nb: 'Tilbud per samtale' }, format: 'number', decimals: 2, value: null },
      ],
      idle: ['Per Olsen', null],
    },
  },
  {
    name: 'summary.en',
    context: { language: 'en', currency: 'EUR' },
    message: {
      kind: 'daily_summary',
      date: '2026-12-24' as LocalDate,
      top: [],
      totals: { calls: 0, meetings: 0, sales: 0, revenue: 0 as MinorUnits, points: 0 },
      idle: ['Kari Nordmann', 'Ola Hansen'],
    },
  },
  {
    name: 'contest.en',
    context: { language: 'en', currency: 'NOK' },
    message: {
      kind: 'contest',
      event: 'finished',
      contest: 'Call sprint',
      leaders: [
        { name: 'Kari Nordmann', score: 42 },
        { name: 'Ola Hansen', score: 42 },
      ],
      endsOn: '2026-12-01' as LocalDate,
    },
  },
  {
    name: 'contest.nb',
    context: { language: 'nb', currency: 'NOK' },
    message: { kind: 'contest', event: 'started', contest: 'Månedens salgsløp', leaders: [], endsOn: '2026-11-30' as LocalDate },
  },
];
