/**
 * What the editor's buttons call each widget: its title, and where another widget has the same
 * title (a number and a chart of one KPI) its kind too, then its place among those of that kind,
 * so that "Move Renewed value up" does not name two buttons (a screen reader lists them by name).
 */
export function nameWidgets(widgets: readonly { title: string; kind: string }[], kindName: (kind: string) => string): string[] {
  const count = (test: (w: { title: string; kind: string }) => boolean) => widgets.filter(test).length;
  return widgets.map((widget, index) => {
    if (count((w) => w.title === widget.title) === 1) return widget.title;
    const kind = kindName(widget.kind);
    if (count((w) => w.title === widget.title && w.kind === widget.kind) === 1) return `${widget.title} (${kind})`;
    const place = widgets.slice(0, index + 1).filter((w) => w.title === widget.title && w.kind === widget.kind).length;
    return `${widget.title} (${kind} ${place})`;
  });
}
