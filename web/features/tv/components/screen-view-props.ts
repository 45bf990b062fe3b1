import type { DisplayScreenData, TvScreenKind } from '@core/contracts';

/** What each of the wall's screen renderers is given (tv-screens.tsx): its numbers and the wall's settings. */
export type ScreenViewProps<K extends TvScreenKind> = {
  data: Extract<DisplayScreenData, { kind: K }>;
  language: string;
  timeZone: string;
  currency: string;
};
