/*
 * The charts' look in the app's theme (recharts draws with these props): the grid, the axes and
 * the tooltip take the theme's colours, so a chart reads in dark mode too (decision 056). Spread into
 * recharts' own components: <XAxis {...CHART_AXIS} dataKey="day" />.
 */

export const CHART_GRID = { vertical: false, stroke: 'var(--color-border)' } as const;

export const CHART_AXIS = { tickLine: false, axisLine: false, fontSize: 12, stroke: 'var(--color-muted-foreground)' } as const;

export const CHART_TOOLTIP = {
  cursor: { fill: 'var(--color-muted)' },
  contentStyle: {
    borderRadius: 8,
    border: '1px solid var(--color-border)',
    boxShadow: '0 4px 12px rgb(0 0 0 / 0.08)',
    fontSize: 12,
    // The theme's popover, not recharts' white.
    backgroundColor: 'var(--color-popover)',
    color: 'var(--color-popover-foreground)',
  },
  labelStyle: { color: 'var(--color-popover-foreground)' },
} as const;
