import { SUGGESTED_TIME_ZONES } from '@core/period/time-zones';

export { DEFAULT_TIME_ZONE, SUGGESTED_TIME_ZONES } from '@core/period/time-zones';

export type TimeZoneOption = { zone: string; offset: string; label: string };

/** "GMT+1", "GMT+5:30", "GMT" for a zone at a moment (DST moves it twice a year). */
export function formatTimeZoneOffset(zone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? '';
  } catch {
    return '';
  }
}

let cached: TimeZoneOption[] | null = null;

/** Every IANA zone this browser knows (with UTC, which Intl leaves out), with today's offset. */
export function listTimeZones(): TimeZoneOption[] {
  if (cached) return cached;
  const zones = new Set<string>(SUGGESTED_TIME_ZONES);
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  for (const zone of supported) zones.add(zone);
  const now = new Date();
  cached = [...zones].map((zone) => ({ zone, offset: formatTimeZoneOffset(zone, now), label: zone.replaceAll('_', ' ') }));
  return cached;
}

/** The browser's own zone when it is a known IANA name, else the fallback. */
export function findBrowserTimeZone(fallback: string): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && listTimeZones().some((o) => o.zone === zone) ? zone : fallback;
  } catch {
    return fallback;
  }
}
