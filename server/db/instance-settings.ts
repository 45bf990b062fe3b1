import { eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from './client';
import { instanceSettings } from './schema';

/*
 * The installation's own settings (instance_settings, not tenant data): a few named values, each
 * claimed once and never taken over. The one owner of that table, below every module, so both
 * the auth secret (lib/secret.ts) and the companies module (the default and the operator company)
 * keep their keys here. Runs as the connecting role, which owns the table.
 */

/** Stores `value` under `key` unless the key already has one (ON CONFLICT DO NOTHING); true when this call stored it. */
export async function claimInstanceSetting(db: Database | Transaction, key: string, value: string): Promise<boolean> {
  const claimed = await db
    .insert(instanceSettings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ value: instanceSettings.value });
  return claimed.length > 0;
}

export async function findInstanceSetting(db: Database | Transaction, key: string): Promise<string | null> {
  const [row] = await db.select({ value: instanceSettings.value }).from(instanceSettings).where(eq(instanceSettings.key, key));
  return row?.value ?? null;
}

/** Several keys in one statement; keys without a value are absent from the map. */
export async function findInstanceSettings(db: Database | Transaction, keys: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: instanceSettings.key, value: instanceSettings.value })
    .from(instanceSettings)
    .where(inArray(instanceSettings.key, [...keys]));
  return new Map(rows.map((row) => [row.key, row.value]));
}
