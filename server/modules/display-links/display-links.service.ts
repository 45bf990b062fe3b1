import {
  type CreateDisplayLink,
  type CreatedDisplayLink,
  DISPLAY_LEADERBOARD_SIZE,
  type DisplayLeaderboard,
  type DisplayLink,
  type DisplayLinkList,
} from '@core/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { Actor, AppDeps } from '../../context';
import { notFound } from '../../lib/http';
import { getLeaderboard } from '../scoreboard/scoreboard.service';
import {
  type DisplayLinkRow,
  findActiveDisplayLink,
  findDisplayLinks,
  insertDisplayLink,
  isDisplayLinkActive,
  type ResolvedDisplayLink,
  revokeDisplayLink as revokeDisplayLinkRow,
} from './display-links.repository';

/** last_used_at is stamped at most this often per link. */
export const DISPLAY_LINK_TOUCH_INTERVAL_MS = 60_000;

export const UNKNOWN_DISPLAY_LINK_MESSAGE = 'This display link does not exist or has been revoked. Ask an administrator for a new link.';

/** 32 random bytes as base64url (43 characters): the secret a wall screen holds. */
export function createDisplayToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this SHA-256 hex digest of a token is stored. */
export function computeDisplayTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function toDisplayLink(row: DisplayLinkRow): DisplayLink {
  return {
    id: row.id,
    name: row.name,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    active: row.revokedAt === null,
  };
}

/** Makes a link and returns its token, the only time the token is ever shown. */
export async function createDisplayLink(deps: AppDeps, actor: Actor, input: CreateDisplayLink): Promise<CreatedDisplayLink> {
  const token = createDisplayToken();
  const row = await insertDisplayLink(deps.database.db, actor, {
    name: input.name,
    tokenHash: computeDisplayTokenHash(token),
    createdAt: deps.now(),
  });
  return { link: toDisplayLink(row), token };
}

export async function listDisplayLinks(deps: AppDeps, actor: Actor): Promise<DisplayLinkList> {
  return { links: (await findDisplayLinks(deps.database.db, actor)).map(toDisplayLink) };
}

export async function revokeDisplayLink(deps: AppDeps, actor: Actor, id: string): Promise<DisplayLink> {
  const row = await revokeDisplayLinkRow(deps.database.db, actor, id, deps.now());
  if (!row) throw notFound('No such display link in your company.');
  return toDisplayLink(row);
}

/** The active link a token opens, or a 404 that says why. */
export async function getDisplayLinkByToken(deps: AppDeps, token: string): Promise<ResolvedDisplayLink> {
  const link = await findActiveDisplayLink(deps.database.db, computeDisplayTokenHash(token), deps.now(), DISPLAY_LINK_TOUCH_INTERVAL_MS);
  if (!link) throw notFound(UNKNOWN_DISPLAY_LINK_MESSAGE);
  return link;
}

export async function checkDisplayTokenActive(deps: AppDeps, token: string): Promise<boolean> {
  return isDisplayLinkActive(deps.database.db, computeDisplayTokenHash(token));
}

/** The TV board behind a link: today's top 10 members with activity, by points. */
export async function getDisplayLeaderboard(deps: AppDeps, token: string): Promise<DisplayLeaderboard> {
  const link = await getDisplayLinkByToken(deps, token);
  const board = await getLeaderboard(
    deps,
    { companyId: link.companyId, userId: null, timezone: link.timezone },
    { period: 'today', sort: 'points', limit: DISPLAY_LEADERBOARD_SIZE, activeOnly: true },
  );
  return {
    company: { name: link.companyName, timezone: link.timezone },
    linkName: link.linkName,
    period: board.period,
    rows: board.rows,
  };
}
