import type { MyTodayStats, UpdateGoals } from '@core/contracts';
import { BanknoteIcon, CalendarCheckIcon, type LucideIcon, PhoneIcon } from 'lucide-react';

/** The built-in daily goals (the goals on own types are listed by type, decision 106). */
export type GoalKey = Exclude<keyof UpdateGoals, 'types'>;

/** The daily goals a member sets, as the card lists them and the form asks for them. */
export const GOAL_FIELDS: { key: GoalKey; label: string; icon: LucideIcon; stat: (s: MyTodayStats) => number }[] = [
  { key: 'dailyCalls', label: 'goals.calls', icon: PhoneIcon, stat: (s) => s.calls },
  { key: 'dailyMeetings', label: 'goals.meetings', icon: CalendarCheckIcon, stat: (s) => s.meetingsBooked },
  { key: 'dailySales', label: 'goals.sales', icon: BanknoteIcon, stat: (s) => s.sales },
];
