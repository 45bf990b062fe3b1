import type { TrendPoint } from '@core/contracts';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS, CHART_GRID, CHART_TOOLTIP } from '@web/lib/chart-theme';

export type TrendChartProps = {
  trend: readonly TrendPoint[];
  /** The company's today: later days have no values yet and are left blank, not drawn as zero. */
  today: string;
  locale: string;
  labels: { calls: string; points: string; summary: string };
};

type ChartRow = { date: string; day: number; calls: number | null; points: number | null };

/**
 * The month's daily trend: calls as bars, points as a line. recharts is heavy, so this module is
 * loaded with React.lazy and only the Monthly Overview pays for it.
 */
export function TrendChart({ trend, today, locale, labels }: TrendChartProps) {
  const data: ChartRow[] = trend.map((p) => {
    const future = p.date > today;
    return { date: p.date, day: Number(p.date.slice(8, 10)), calls: future ? null : p.calls, points: future ? null : p.points };
  });
  const dayLabel = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(locale);
  return (
    <div role="img" aria-label={labels.summary} className="h-64 w-full sm:h-72">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: -12 }} accessibilityLayer={false}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis dataKey="day" {...CHART_AXIS} tickMargin={8} interval="preserveStartEnd" minTickGap={12} />
          <YAxis yAxisId="calls" {...CHART_AXIS} allowDecimals={false} width={44} />
          <YAxis yAxisId="points" orientation="right" {...CHART_AXIS} allowDecimals={false} width={44} />
          <Tooltip
            {...CHART_TOOLTIP}
            labelFormatter={(_, payload) => {
              const date = (payload?.[0]?.payload as ChartRow | undefined)?.date;
              return date ? dayLabel.format(new Date(`${date}T12:00:00Z`)) : '';
            }}
            formatter={(value) => (typeof value === 'number' ? numbers.format(value) : value)}
          />
          <Bar
            yAxisId="calls"
            dataKey="calls"
            name={labels.calls}
            fill="var(--color-primary)"
            fillOpacity={0.85}
            radius={[4, 4, 0, 0]}
            maxBarSize={22}
          />
          <Line
            yAxisId="points"
            dataKey="points"
            name={labels.points}
            type="monotone"
            stroke="var(--color-success)"
            strokeWidth={3}
            dot={false}
            activeDot={{ r: 5 }}
            connectNulls={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
