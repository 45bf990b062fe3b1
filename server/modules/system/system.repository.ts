import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type MailRow = typeof mailOutbox.$inferSelect;

export function findRecentMail(db: Database, limit = 50): Promise<MailRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
