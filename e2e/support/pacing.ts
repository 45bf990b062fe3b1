import { computeTargetPeriodDates, computeTargetShare } from '@core/pacing';
import { computeLocalDate } from '@core/period';

/*
 * The journeys run on the machine's clock. Pacing ("behind", "on track") needs part of the week's
 * working hours gone, so a journey that shows it sets its company's time zone to one where that
 * holds now (a Monday 06:00 in Oslo is Monday 14:00 in Tokyo).
 */

const ZONES = ['Europe/Oslo', 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Kolkata'];

/**
 * A zone where a weekly target set today has at least a seventh of its pace gone (decision 043: paced from
 * the day it was set, or as the whole week when no working day is left), so "behind" means something and
 * a target of 50 expects 7 or more.
 */
export function chooseTimeZone(now: Date): string {
  const calendar = { country: 'NO' as const, daysOff: new Set<string>() };
  const shareIn = (zone: string) => {
    const today = computeLocalDate(now, zone);
    const week = computeTargetPeriodDates('week', today);
    return computeTargetShare(calendar, week, today, now, zone).share;
  };
  return ZONES.find((zone) => shareIn(zone) >= 1 / 7) ?? ZONES.reduce((best, zone) => (shareIn(zone) > shareIn(best) ? zone : best));
}
