import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_AXIS, CHART_GRID, CHART_TOOLTIP } from '@web/lib/chart-theme';

export type KpiChartProps = {
  days: readonly { day: string; value: number | null }[];
  style: 'bar' | 'line';
  locale: string;
  /** The value as the KPI's format writes it (the tooltip and the axis). */
  formatValue: (value: number | null) => string;
  /** What the chart shows, in words (it is one image to a screen reader). */
  summary: string;
  name: string;
  /** A figure written without decimals (a count, money in whole units): the axis has no ticks between whole steps. */
  wholeSteps: boolean;
  /**
   * On a wall: as tall as its tile (at least 8 rem). Size-contained: the height a
   * stretched tile gave the chart must not count when the wall measures the board again, or the
   * board would read taller each time and be drawn smaller.
   */
  fill?: boolean;
};

/**
 * A KPI day by day (a board's chart widget, decision 102), as bars or a line. recharts is heavy, so
 * this module is loaded with React.lazy: only a board with a chart pays for it.
 */
export function KpiChart({ days, style, locale, formatValue, summary, name, wholeSteps, fill = false }: KpiChartProps) {
  const data = days.map((point) => ({ ...point, label: Number(point.day.slice(8, 10)) }));
  const dayLabel = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const Chart = style === 'line' ? LineChart : BarChart;
  // Read from across the room on a wall.
  const axis = fill ? { ...CHART_AXIS, fontSize: 14 } : CHART_AXIS;
  // recharts sizes an "auto" axis from its labels' measured width, which on a wall includes the
  // wall's scale: drawn smaller than 1, "34 %" measured narrow and was cut to "4 %". There the width
  // is the longest figure's (one character more for a rounder top tick) at the axis's type size.
  const valueAxisWidth = fill
    ? Math.ceil((Math.max(...[0, ...days.map((point) => point.value ?? 0)].map((value) => formatValue(value).length)) + 1) * 14 * 0.62) + 8
    : ('auto' as const);
  // Nothing yet (a new board, a quiet week): one tick at 0. recharts' own scale for all zeros was
  // 0 to 4, which money (in øre) wrote "0,01 kr. … 0,04 kr." (a Danish team's walk).
  const empty = days.every((point) => !point.value);
  return (
    <div role="img" aria-label={summary} className={fill ? 'min-h-32 w-full flex-1 [contain:size]' : 'h-48 w-full'}>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid {...CHART_GRID} />
          <XAxis dataKey="label" {...axis} tickMargin={8} interval="preserveStartEnd" minTickGap={12} />
          {/* Without it a week of one or two meetings had ticks at 0.25 written "0, 0, 1, 1, 1". */}
          {/* As wide as its longest figure: "200 000 kr" was cut to "000 kr" in a fixed width. */}
          <YAxis
            {...axis}
            {...(empty ? { domain: [0, 1], ticks: [0] } : {})}
            allowDecimals={!wholeSteps}
            width={valueAxisWidth}
            tickFormatter={(value: number) => formatValue(value)}
          />
          <Tooltip
            {...CHART_TOOLTIP}
            labelFormatter={(_, payload) => {
              const day = (payload?.[0]?.payload as { day?: string } | undefined)?.day;
              return day ? dayLabel.format(new Date(`${day}T12:00:00Z`)) : '';
            }}
            formatter={(value) => formatValue(typeof value === 'number' ? value : null)}
          />
          {style === 'line' ? (
            <Line
              dataKey="value"
              name={name}
              type="monotone"
              stroke="var(--color-primary)"
              strokeWidth={3}
              // A day between days without a value (a ratio over zero) still shows, as a dot.
              dot={{ r: 3, fill: 'var(--color-primary)', strokeWidth: 0 }}
              connectNulls={false}
            />
          ) : (
            <Bar dataKey="value" name={name} fill="var(--color-primary)" fillOpacity={0.85} radius={[4, 4, 0, 0]} maxBarSize={28} />
          )}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
