import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { claimInstanceSetting, findInstanceSetting } from '../db/instance-settings';

const AUTH_SECRET_KEY = 'auth_secret';

/**
 * The secret better-auth signs cookies with: AUTH_SECRET when set, else one generated on first
 * start and kept in the database, so every instance on one database agrees and restarts do not
 * sign everybody out.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await claimInstanceSetting(db, AUTH_SECRET_KEY, randomBytes(32).toString('hex'));
  return (await findInstanceSetting(db, AUTH_SECRET_KEY))!;
}
