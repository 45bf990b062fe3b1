import {
  CONTACT_RATE_LIMIT,
  type ContactReceipt,
  type ContactRequestData,
  type ContactRequestList,
  type ContactRequestView,
} from '@core/contracts';
import type { Actor, AppDeps } from '../../context';
import { HttpError, notFound } from '../../lib/http';
import { consumeRateLimit } from '../../lib/rate-limit';
import {
  type ContactRequestRow,
  deleteContactRequest,
  findContactRequests,
  insertContactRequest,
  updateContactRequestHandled,
} from './contact.repository';
import { findOperatorCompanyId } from '../companies/companies.service';

export const CONTACT_RATE_LIMIT_MESSAGE =
  'You have sent several requests from this address in the last hour. Please try again later; we have the ones you already sent.';

const INBOX_LIMIT = 200;

/**
 * A request from the public /contact form. Limited per client address (CONTACT_RATE_LIMIT, counted
 * in the database so every instance counts together). A filled-in hidden field marks a bot: it gets
 * the same answer and nothing is stored.
 */
export async function submitContactRequest(deps: AppDeps, input: ContactRequestData, clientIp: string): Promise<ContactReceipt> {
  const allowed = await consumeRateLimit(deps.database.db, {
    key: `contact:${clientIp}`,
    max: CONTACT_RATE_LIMIT.max,
    windowSeconds: CONTACT_RATE_LIMIT.windowSeconds,
    now: deps.now(),
  });
  if (!allowed) throw new HttpError(429, 'rate_limited', CONTACT_RATE_LIMIT_MESSAGE);
  if (input.website?.trim()) return { received: true };
  await insertContactRequest(deps.database.db, {
    name: input.name,
    email: input.email.toLowerCase(),
    company: input.company || null,
    teamSize: input.teamSize,
    message: input.message,
    createdAt: deps.now(),
  });
  return { received: true };
}

/**
 * Contact requests are leads for whoever runs this instance: the admins of its operator company
 * (the first company created; in single-tenant mode the shared one). Admins of the other companies
 * of a multi-tenant installation never see them.
 */
async function assertOperatorAdmin(deps: AppDeps, actor: Actor): Promise<void> {
  const operator = await findOperatorCompanyId(deps.database.db);
  if (actor.role !== 'admin' || operator !== actor.companyId) {
    throw new HttpError(403, 'forbidden', 'Contact requests are shown to the administrators of the company that runs this installation.');
  }
}

function toView(row: ContactRequestRow): ContactRequestView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    teamSize: row.teamSize,
    message: row.message,
    handledAt: row.handledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listContactRequests(
  deps: AppDeps,
  actor: Actor,
  query: { status: 'open' | 'handled' | 'all' },
): Promise<ContactRequestList> {
  await assertOperatorAdmin(deps, actor);
  const { rows, openCount } = await findContactRequests(deps.database.db, { status: query.status, limit: INBOX_LIMIT });
  return { requests: rows.map(toView), openCount };
}

export async function markContactRequest(deps: AppDeps, actor: Actor, id: string, handled: boolean): Promise<ContactRequestView> {
  await assertOperatorAdmin(deps, actor);
  const row = await updateContactRequestHandled(deps.database.db, id, handled ? deps.now() : null);
  if (!row) throw notFound('No such contact request.');
  return toView(row);
}

export async function removeContactRequest(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await assertOperatorAdmin(deps, actor);
  if (!(await deleteContactRequest(deps.database.db, id))) throw notFound('No such contact request.');
}
