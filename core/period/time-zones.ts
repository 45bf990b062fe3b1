/** The likeliest zones for our teams, offered first; the full IANA list follows in pickers. */
export const SUGGESTED_TIME_ZONES = ['Europe/Oslo', 'Europe/Stockholm', 'Europe/Copenhagen', 'Europe/London', 'UTC'] as const;

export const DEFAULT_TIME_ZONE = 'Europe/Oslo';

/** True when the runtime knows the zone (Intl throws a RangeError for unknown zones). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone }).format(0);
    return true;
  } catch {
    return false;
  }
}
