/**
 * A time of day as people type it into a 24-hour field (decision 058): "9", "930", "0930", "9:30",
 * "9.30" and "09 30" all mean 09:30. The app shows and stores times as HH:mm; the browser's own time
 * input would show the browser's 12- or 24-hour clock instead, whatever the app's language.
 */
const CLOCK_TIME = /^(\d{1,2})(?:[:.\s]?(\d{2}))?$/;

/** The HH:mm a typed time means, or null when it is not a time of day (00:00 to 23:59). */
export function parseClockTime(text: string): string | null {
  const match = CLOCK_TIME.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
