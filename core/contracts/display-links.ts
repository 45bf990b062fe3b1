import { z } from 'zod';
import { BadgeSummarySchema } from './badges';
import { LanguageSchema, text } from './common';
import { LeaderboardRowSchema, RankBySchema, ScoreboardPeriodSchema } from './scoreboard';

/*
 * Display links: a secret, revocable token an admin makes so a wall screen shows the TV
 * leaderboard without anyone signing in. Only a SHA-256 hash of the token is stored; the token
 * itself is returned once, by the create call.
 */

export const DisplayLinkSchema = z.object({
  id: text(),
  name: text(),
  /** The team whose people the wall shows, or null for the whole company (decision 040). */
  team: z.object({ id: text(), name: text() }).nullable(),
  /** The TV playlist the wall rotates through (decision 052), or null for today's leaderboard alone. */
  playlist: z.object({ id: text(), name: text() }).nullable(),
  /** The language this wall speaks over the company's (decision 079); null: the company's. */
  language: LanguageSchema.nullable(),
  createdBy: text().nullable(),
  createdAt: text(),
  lastUsedAt: text().nullable(),
  revokedAt: text().nullable(),
  /** Not revoked. */
  active: z.boolean(),
});
export type DisplayLink = z.infer<typeof DisplayLinkSchema>;

export const CreateDisplayLinkSchema = z.object({
  name: text().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  /** Show only this team's people; absent or null for the whole company. Another company's team is a 404. */
  teamId: z.uuid({ message: 'Not a team id' }).nullable().optional(),
  /** The wall's language over the company's (decision 079); absent or null: the company's. */
  language: LanguageSchema.nullable().optional(),
});
export type CreateDisplayLink = z.infer<typeof CreateDisplayLinkSchema>;

/** The create answer: the only time the token is ever shown. */
export const CreatedDisplayLinkSchema = z.object({
  link: DisplayLinkSchema,
  /** 32 random bytes, base64url (43 characters). Used as /api/v1/display/{token}/... */
  token: text(),
});
export type CreatedDisplayLink = z.infer<typeof CreatedDisplayLinkSchema>;

export const DisplayLinkIdParamsSchema = z.object({ id: z.uuid({ message: 'Not a display link id' }) });

/** Any text is accepted as a token; an unknown one is a 404, whatever it looks like. */
export const DisplayTokenParamsSchema = z.object({ token: text().min(1).max(200) });

/** GET /display-links: newest first, revoked ones included; never a token. */
export const DisplayLinkListSchema = z.object({ links: z.array(DisplayLinkSchema) });
export type DisplayLinkList = z.infer<typeof DisplayLinkListSchema>;

/** ?rankBy= on a display link's board (a TV playlist screen's choice); points by default. */
export const DisplayLeaderboardQuerySchema = z.object({ rankBy: RankBySchema.default('points') });
export type DisplayLeaderboardQuery = z.infer<typeof DisplayLeaderboardQuerySchema>;

/** GET /display/{token}/leaderboard: today's top 10 members with activity, ranked by points (or by rankBy). */
export const DisplayLeaderboardSchema = z.object({
  /** The company's currency (ISO 4217): the wall's money screens show amounts in it. */
  company: z.object({ name: text(), timezone: text(), currency: text() }),
  /**
   * The language the wall speaks (decision 079): the link's own, else the company's; null when
   * neither is chosen (the wall follows its browser).
   */
  language: LanguageSchema.nullable(),
  /** The link's team, when it shows one team's people only. */
  team: z.object({ id: text(), name: text() }).nullable(),
  linkName: text(),
  period: ScoreboardPeriodSchema,
  rankBy: RankBySchema,
  rows: z.array(LeaderboardRowSchema),
  /** The badges the rows' members earned lately (decision 050), each kind once with a count. */
  badges: z.array(BadgeSummarySchema),
});
export type DisplayLeaderboard = z.infer<typeof DisplayLeaderboardSchema>;

/** The TV shows this many leaderboard rows. */
export const DISPLAY_LEADERBOARD_SIZE = 10;
