import type { TrendPoint } from '@core/contracts';
import { Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

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
          <CartesianGrid vertical={false} stroke="var(--color-border)" />
          <XAxis
            dataKey="day"
            tickLine={false}
            axisLine={false}
            tickMargin={8}
            fontSize={12}
            stroke="var(--color-muted-foreground)"
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis
            yAxisId="calls"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            stroke="var(--color-muted-foreground)"
            allowDecimals={false}
            width={44}
          />
          <YAxis
            yAxisId="points"
            orientation="right"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            stroke="var(--color-muted-foreground)"
            allowDecimals={false}
            width={44}
          />
          <Tooltip
            cursor={{ fill: 'var(--color-muted)' }}
            contentStyle={{
              borderRadius: 8,
              border: '1px solid var(--color-border)',
              boxShadow: '0 4px 12px rgb(0 0 0 / 0.08)',
              fontSize: 12,
              // The theme's popover, not recharts' white: readable in dark mode too (decision 056).
              backgroundColor: 'var(--color-popover)',
              color: 'var(--color-popover-foreground)',
            }}
            labelStyle={{ color: 'var(--color-popover-foreground)' }}
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
