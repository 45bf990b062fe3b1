import type { ActivityType, ActivityTypeInput, Board, BoardInput, Kpi, KpiInput } from '@core/contracts';
import { computePeriodDays as periodDays, computePreviousPeriodDays as previousPeriodDays, type LocalDate } from '@core/period';

/*
 * The custom board of bench:dashboard (decisions 101 and 102): a company's own type with number,
 * money and choice fields, KPIs over it (sums, an average, a filtered count, ratios against a
 * built-in figure), and a board of 8 widgets reading them. Each widget is timed by the requests it
 * makes in the app (web/features/boards/components/board-widgets.tsx), sent together as the
 * browser sends them.
 */

export type Send = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

const names = (en: string) => ({ en });

/** "Demo": outcomes held and no-show; seats (number), deal value (money), source (choice). */
const DEMO: ActivityTypeInput = {
  names: names('Bench demo'),
  icon: 'presentation',
  colour: 'green',
  points: 2,
  outcomes: [
    { id: 'held', names: names('Held'), points: 6 },
    { id: 'no_show', names: names('No-show'), points: 0 },
  ],
  fields: [
    { id: 'seats', names: names('Seats'), kind: 'number', required: false },
    { id: 'deal_value', names: names('Deal value'), kind: 'money', required: false },
    {
      id: 'source',
      names: names('Source'),
      kind: 'choice',
      required: false,
      options: [
        { id: 'inbound', names: names('Inbound') },
        { id: 'outbound', names: names('Outbound') },
        { id: 'partner', names: names('Partner') },
      ],
    },
  ],
  bonus: null,
};

export type SeedableType = {
  typeId: string;
  outcomes: { id: string; points: number }[];
  fields: { number: string; money: string; choice: string; options: string[] };
};

/** The type, made once (or found by its name in a kept database). */
export async function ensureDemoType(send: Send): Promise<SeedableType> {
  const { types } = await send<{ types: ActivityType[] }>('GET', '/api/v1/activity-types');
  const type = types.find((t) => t.names.en === DEMO.names.en) ?? (await send<ActivityType>('POST', '/api/v1/activity-types', DEMO));
  return {
    typeId: type.id,
    // The points an activity of each outcome earns: the type's own plus the outcome's.
    outcomes: type.outcomes.map((o) => ({ id: o.id, points: type.points + o.points })),
    fields: { number: 'seats', money: 'deal_value', choice: 'source', options: ['inbound', 'outbound', 'partner'] },
  };
}

/** The KPIs, made once: each refers to the ones before it by id. */
async function ensureKpis(send: Send, typeId: string): Promise<Record<string, Kpi>> {
  const { kpis } = await send<{ kpis: Kpi[] }>('GET', '/api/v1/kpis');
  const made: Record<string, Kpi> = {};
  const ensure = async (key: string, input: KpiInput) => {
    made[key] = kpis.find((k) => k.names.en === input.names.en) ?? (await send<Kpi>('POST', '/api/v1/kpis', input));
    return made[key]!.id;
  };
  const aggregate = { kind: 'aggregate' as const, typeIds: [typeId], outcomeIds: [] as string[], where: null, of: null };
  const held = await ensure('held', {
    names: names('Demos held'),
    formula: { ...aggregate, aggregate: 'count', outcomeIds: ['held'] },
    format: 'number',
  });
  const value = await ensure('value', {
    names: names('Demo deal value'),
    formula: { ...aggregate, aggregate: 'sum', of: 'deal_value' },
    format: 'money',
  });
  await ensure('seats', {
    names: names('Average seats'),
    formula: { ...aggregate, aggregate: 'average', of: 'seats' },
    format: 'number',
    decimals: 1,
  });
  await ensure('inbound', {
    names: names('Inbound demos'),
    formula: { ...aggregate, aggregate: 'count', where: { fieldId: 'source', values: ['inbound'] } },
    format: 'number',
  });
  await ensure('perCall', {
    names: names('Demos per answered call'),
    formula: { kind: 'ratio', left: held, right: 'answered_calls' },
    format: 'percent',
    decimals: 1,
  });
  await ensure('perDemo', {
    names: names('Value per demo held'),
    formula: { kind: 'ratio', left: value, right: held },
    format: 'money',
  });
  return made;
}

/** The board of 8 widgets, made once. */
export async function ensureCustomBoard(send: Send, typeId: string): Promise<{ board: Board; kpis: Record<string, Kpi> }> {
  const kpis = await ensureKpis(send, typeId);
  const { boards } = await send<{ boards: Board[] }>('GET', '/api/v1/boards');
  const input: BoardInput = {
    name: 'Bench: the demo team',
    sharing: 'company',
    widgets: [
      { kind: 'number', kpiId: kpis.value!.id, period: 'month' },
      { kind: 'number', kpiId: kpis.perCall!.id, period: 'week' },
      { kind: 'leaderboard', kpiId: kpis.perDemo!.id, period: 'month', rows: 10 },
      { kind: 'leaderboard', kpiId: 'conversion', period: 'week', rows: 5 },
      { kind: 'chart', kpiId: kpis.value!.id, period: 'month', style: 'bar' },
      { kind: 'chart', kpiId: kpis.inbound!.id, period: 'week', style: 'line' },
      { kind: 'gauge', kpiId: kpis.held!.id, period: 'month', goal: 2000 },
      { kind: 'feed', period: 'today' },
    ],
  };
  const board = boards.find((b) => b.name === input.name) ?? (await send<Board>('POST', '/api/v1/boards', input));
  return { board, kpis };
}

const values = (days: { from: string; to: string }) => `/api/v1/kpis/values?from=${days.from}&to=${days.to}`;

/** Each widget with the requests it makes in the app. */
export function widgetRequests(board: Board, today: LocalDate): { name: string; paths: string[] }[] {
  return board.widgets.map((widget) => {
    const period = widget.period;
    switch (widget.kind) {
      case 'number': {
        const only = `&ids=${widget.kpiId}&totalOnly=true`;
        return {
          name: `number (${period})`,
          paths: [values(periodDays(period, today)) + only, values(previousPeriodDays(period, today)) + only],
        };
      }
      case 'gauge':
        return { name: `gauge (${period})`, paths: [`${values(periodDays(period, today))}&ids=${widget.kpiId}&totalOnly=true`] };
      case 'leaderboard':
        return { name: `leaderboard (${period})`, paths: [`${values(periodDays(period, today))}&ids=${widget.kpiId}`] };
      case 'chart': {
        const days = periodDays(period === 'today' ? 'week' : period, today);
        return {
          name: `${widget.style} chart (${period})`,
          paths: [`/api/v1/kpis/series?id=${widget.kpiId}&from=${days.from}&to=${days.to}`],
        };
      }
      case 'teams':
        return {
          name: `team comparison (${period})`,
          paths: [`${values(periodDays(period, today))}&ids=${widget.kpiId}&totalOnly=true&byTeam=true`],
        };
      case 'contest':
        return { name: 'contest standings', paths: [`/api/v1/contests/${widget.contestId}`] };
      case 'feed':
        return { name: 'feed', paths: ['/api/v1/scoreboard/recent-activities?limit=8'] };
    }
  });
}
