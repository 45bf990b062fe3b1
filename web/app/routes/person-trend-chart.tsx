import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS, CHART_GRID, CHART_TOOLTIP } from '@web/lib/chart-theme';

export type PersonTrendPoint = { label: string; range: string; value: number; isCurrent: boolean };

/**
 * A person's last 12 weeks of one metric as bars, this week's drawn stronger. recharts is heavy,
 * so this module is loaded with React.lazy and only a person's page pays for it. The picture is
 * described for screen readers by the caller (and the same numbers are in its table).
 */
export function PersonTrendChart({
  points,
  formatValue,
  name,
}: {
  points: readonly PersonTrendPoint[];
  formatValue: (value: number) => string;
  name: string;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={[...points]} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...CHART_GRID} />
        <XAxis dataKey="label" {...CHART_AXIS} tickMargin={8} interval="preserveStartEnd" minTickGap={6} />
        <YAxis {...CHART_AXIS} allowDecimals={false} width="auto" tickFormatter={(value: number) => formatValue(value)} />
        <Tooltip
          {...CHART_TOOLTIP}
          labelFormatter={(_, payload) => {
            const point = payload?.[0]?.payload as PersonTrendPoint | undefined;
            return point ? `${point.label} · ${point.range}` : '';
          }}
          formatter={(value) => [typeof value === 'number' ? formatValue(value) : String(value), name]}
        />
        <Bar dataKey="value" name={name} fill="var(--color-primary)" radius={[4, 4, 0, 0]} maxBarSize={36}>
          {points.map((point) => (
            // This week is still running: a lighter bar says "so far".
            <Cell key={point.label} fillOpacity={point.isCurrent ? 0.5 : 0.9} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
