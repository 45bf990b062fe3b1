import type { ChatDailySummary } from '@core/chat';
import type { MinorUnits } from '@core/money';
import type { LocalDate } from '@core/period';
import type { Database } from '../../db/client';
import type { CompanyId } from '../../db/tenant';
import { notFound } from '../../lib/http';
import { computeLeaderboardRows, computeMemberStats } from '../scoreboard/scoreboard.service';
import { findCompanyDay } from './chat.repository';

/*
 * Chat integrations (decision 038): the data behind the messages. Writing and posting the messages
 * is core's (core/chat) and the webhooks outbox's; this module reads what a message says.
 */

/** The daily summary's input for the builders, and the currency its money is in. */
export type ChatDaySummary = { message: ChatDailySummary; currency: string };

/**
 * One local day of a company, as the daily summary tells it: the top three active members by
 * points (the scoreboard's ranking: points, then calls, then meetings, then name), the team's
 * totals (every member's activity that day, as the scoreboard's team totals), and the active
 * members who logged nothing at all that day, by name.
 */
export async function summarizeDayForChat(db: Database, companyId: CompanyId, date: LocalDate): Promise<ChatDaySummary> {
  const { currency, members, rows } = await findCompanyDay(db, companyId, date);
  if (currency === null) throw notFound('No such company.');
  const stats = computeMemberStats(members, rows);
  const top = computeLeaderboardRows(stats, 'points', null)
    .filter((row) => row.points > 0)
    .slice(0, 3)
    .map((row) => ({ name: row.displayName, points: row.points }));
  const sum = (key: 'calls' | 'meetings' | 'sales' | 'revenue' | 'points') => rows.reduce((total, row) => total + row[key], 0);
  const idle = stats
    .filter((row) => row.activities === 0)
    .sort(compareNames)
    .map((row) => row.displayName);
  return {
    message: {
      kind: 'daily_summary',
      date,
      top,
      totals: {
        calls: sum('calls'),
        meetings: sum('meetings'),
        sales: sum('sales'),
        revenue: sum('revenue') as MinorUnits,
        points: sum('points'),
      },
      idle,
    },
    currency,
  };
}

const collator = new Intl.Collator('nb', { sensitivity: 'base' });

/** By name as a Norwegian reads a list (Æ, Ø, Å last), unnamed members last, then by id. */
function compareNames(a: { displayName: string | null; userId: string }, b: { displayName: string | null; userId: string }): number {
  if (a.displayName !== b.displayName) {
    if (a.displayName === null) return 1;
    if (b.displayName === null) return -1;
    const byName = collator.compare(a.displayName, b.displayName);
    if (byName !== 0) return byName;
  }
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}
