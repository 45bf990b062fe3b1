import { count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactRequests } from '../../db/schema';

/*
 * contact_requests is instance data, not tenant data: the sender is not a member of any company.
 * It is read and written as the connecting role; the service decides who may see it.
 */

export type ContactRequestRow = typeof contactRequests.$inferSelect;

export async function insertContactRequest(
  db: Database,
  input: { name: string; email: string; company: string | null; teamSize: string | null; message: string; createdAt: Date },
): Promise<void> {
  await db.insert(contactRequests).values(input);
}

const STATUS_FILTER: Record<'open' | 'handled' | 'all', SQL | undefined> = {
  open: isNull(contactRequests.handledAt),
  handled: isNotNull(contactRequests.handledAt),
  all: undefined,
};

export async function findContactRequests(
  db: Database,
  input: { status: 'open' | 'handled' | 'all'; limit: number },
): Promise<{ rows: ContactRequestRow[]; openCount: number }> {
  const rows = await db
    .select()
    .from(contactRequests)
    .where(STATUS_FILTER[input.status])
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(input.limit);
  const [open] = await db.select({ n: count() }).from(contactRequests).where(isNull(contactRequests.handledAt));
  return { rows, openCount: Number(open?.n ?? 0) };
}

export async function updateContactRequestHandled(db: Database, id: string, handledAt: Date | null): Promise<ContactRequestRow | null> {
  const [row] = await db.update(contactRequests).set({ handledAt }).where(eq(contactRequests.id, id)).returning();
  return row ?? null;
}

export async function deleteContactRequest(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(contactRequests).where(eq(contactRequests.id, id)).returning({ id: contactRequests.id });
  return rows.length > 0;
}
