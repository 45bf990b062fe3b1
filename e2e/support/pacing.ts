import { computePeriodShare, computeTargetPeriodDates } from '@core/pacing';
import { computeLocalDate } from '@core/period';

/*
 * The journeys run on the machine's clock. Pacing ("behind", "on track") needs part of the week's
 * working hours gone, so a journey that shows it sets its company's time zone to one where that
 * holds now (a Monday 06:00 in Oslo is Monday 14:00 in Tokyo).
 */

const ZONES = ['Europe/Oslo', 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata'];

/** A zone where at least a fifth of this week's working days is gone, so "behind" means something. */
export function chooseTimeZone(now: Date): string {
  const calendar = { country: 'NO' as const, daysOff: new Set<string>() };
  const shareIn = (zone: string) => {
    const week = computeTargetPeriodDates('week', computeLocalDate(now, zone));
    return computePeriodShare(calendar, week.from, week.to, now, zone).share;
  };
  return ZONES.find((zone) => shareIn(zone) >= 0.2) ?? ZONES.reduce((best, zone) => (shareIn(zone) > shareIn(best) ? zone : best));
}
