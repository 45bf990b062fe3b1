/** The select trigger's look: the Radix trigger (./select.tsx) and its stand-in (./lazy-select.tsx) share it. */
export const SELECT_TRIGGER_CLASS =
  'flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-sm whitespace-nowrap shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring/30 disabled:opacity-50 data-[placeholder]:text-muted-foreground [&_svg]:size-4';
