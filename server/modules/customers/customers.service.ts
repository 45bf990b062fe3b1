import {
  type CreateCustomer,
  type Customer,
  type CustomerList,
  type CustomerMergeResult,
  CUSTOMER_SUGGEST_LIMIT,
  CUSTOMER_SUGGEST_MIN_CHARS,
  type CustomerSuggestions,
  type UpdateCustomer,
} from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { withTenant } from '../../db/tenant';
import { publishDomainEvents } from '../../events/domain-events';
import { badRequest, HttpError, notFound } from '../../lib/http';
import { moveActivitiesToCustomerIn } from '../activities/activities.service';
import {
  type CustomerRow,
  type CustomerStatus,
  deleteCustomerIn,
  findCustomerIn,
  findCustomers,
  findCustomerSuggestions,
  insertCustomer,
  lockCustomerPairIn,
  updateCustomer,
} from './customers.repository';

/*
 * Transaction steps for other modules: the customer a logged activity names (created when new, in
 * the activity's transaction) and the company's count of customers (the company settings page).
 */
export { countCustomersIn, type CustomerRef, getOrCreateCustomer } from './customers.repository';

/** Transaction steps (imports, decision 039): the company's names, and customers found or created a file at a time. */
export { getOrCreateCustomersIn, insertCustomersIn, selectCustomerNamesIn } from './customers.repository';

function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** A customer as the API answers it. */
export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    domain: row.domain,
    segment: row.segment,
    pointValue: row.pointValue,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    activityCount: Number(row.activityCount),
    activitiesSinceArchived: Number(row.activitiesSinceArchived),
  };
}

/** From 2 typed characters, at most 5 case-insensitive partial matches on the name. */
export async function suggestCustomers(deps: AppDeps, actor: Actor, q: string): Promise<CustomerSuggestions> {
  const text = q.trim();
  if (text.length < CUSTOMER_SUGGEST_MIN_CHARS) return { suggestions: [] };
  const rows = await findCustomerSuggestions(deps.database.db, memberScopeOf(actor), text, CUSTOMER_SUGGEST_LIMIT);
  return { suggestions: rows };
}

/** A case-insensitive match on name, domain or segment, of a status (in use by default); newest first. */
export async function listCustomers(
  deps: AppDeps,
  actor: Actor,
  search: string,
  limit: number,
  status: CustomerStatus = 'active',
): Promise<CustomerList> {
  const rows = await findCustomers(deps.database.db, memberScopeOf(actor), search.trim(), limit, status);
  return { customers: rows.map(toCustomer) };
}

/** Any member may create a customer; one per name per company, case-insensitively. */
export async function createCustomer(deps: AppDeps, actor: Actor, input: CreateCustomer): Promise<Customer> {
  const name = input.name.trim();
  const row = await insertCustomer(deps.database.db, memberScopeOf(actor), {
    name,
    domain: emptyToNull(input.domain),
    segment: emptyToNull(input.segment),
    pointValue: input.pointValue ?? 0,
    createdAt: deps.now(),
  });
  if (!row) throw new HttpError(409, 'customer_exists', `A customer named "${name}" already exists.`);
  return toCustomer(row);
}

export const customerNotFound = () => notFound('That customer was not found.');
const customerExists = (name: string) => new HttpError(409, 'customer_exists', `A customer named "${name}" already exists.`);

/** Admins only (the route says so): renames, archives or restores a customer (decision 041). */
export async function changeCustomer(deps: AppDeps, actor: Actor, id: string, input: UpdateCustomer): Promise<Customer> {
  const name = input.name?.trim();
  const archivedAt = input.archived === undefined ? undefined : input.archived ? deps.now() : null;
  const row = await updateCustomer(deps.database.db, memberScopeOf(actor), id, { name, archivedAt }, deps.now());
  if (row === 'exists') throw customerExists(name!);
  if (!row) throw customerNotFound();
  return toCustomer(row);
}

/**
 * Admins only (the route says so): merges customer `id` into `into` in one transaction (decisions
 * 041 and 097). Every activity naming it, whoever logged it, names the kept customer (the
 * activities module moves its rows); the merged customer is removed; the audit log hears of it
 * (decision 094). 404 unless both are the company's.
 */
export async function mergeCustomer(deps: AppDeps, actor: Actor, id: string, into: string): Promise<CustomerMergeResult> {
  if (id === into) throw badRequest('Choose another customer to merge into.', { into: 'Choose another customer than this one' });
  const at = deps.now();
  const scope = memberScopeOf(actor);
  const result = await withTenant(deps.database.db, scope, async (tx) => {
    const pair = await lockCustomerPairIn(tx, scope.companyId, id, into);
    if (!pair) return null;
    const moved = await moveActivitiesToCustomerIn(tx, scope.companyId, { fromId: pair.from.id, into: pair.into, at });
    await deleteCustomerIn(tx, scope.companyId, pair.from.id);
    const merge = {
      kept: { id: pair.into.id, name: pair.into.name },
      merged: { id: pair.from.id, name: pair.from.name },
      activities: moved,
    };
    await publishDomainEvents(tx, scope.companyId, [{ type: 'customers.merged', ...merge, actorId: scope.userId }], at);
    return { kept: (await findCustomerIn(tx, scope.companyId, pair.into.id))!, moved };
  });
  if (!result) throw customerNotFound();
  return { customer: toCustomer(result.kept), movedActivities: result.moved };
}
