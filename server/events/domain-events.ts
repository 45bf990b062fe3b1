import type { DomainEvent } from '@core/contracts';
import type { Transaction } from '../db/client';
import type { CompanyId } from '../db/tenant';
import { appendDomainEvents } from './event-log';

/*
 * Domain events inside the writer's transaction (decision 094; the log after commit, decision 095). A module that changes a fact
 * publishes what happened; every module that follows it registered a follower at start-up
 * (bootstrap.ts), and each follower writes what it keeps in the same transaction, in registration
 * order: a rolled-back change leaves nothing behind anywhere, and a committed one is complete
 * everywhere. The writer imports this file, never its followers.
 */

/**
 * What a module does with the events of one change, in its transaction: all of one change's events
 * at once (in the order they happened), so a follower can write them in one statement.
 */
export type DomainEventFollower = (
  tx: Transaction,
  companyId: CompanyId,
  events: readonly DomainEvent[],
  occurredAt: Date,
) => Promise<void>;

const followers = new Map<string, DomainEventFollower>();

/**
 * Registers a module's follower under its name, at start-up; registering the same name again
 * replaces it (every createDeps registers the same ones). Followers run in the order first registered.
 */
export function followDomainEvents(name: string, follower: DomainEventFollower): void {
  followers.set(name, follower);
}

/** The followers by name, in the order they run (the architecture test and the docs read it). */
export function listDomainEventFollowers(): string[] {
  return [...followers.keys()];
}

/**
 * Transaction step: hands one change's events to every follower in the change's own transaction,
 * and appends them to the durable log for the followers after commit (event-log.ts), unless the
 * change's own statement appended them already (`appended`: the activities' insert does, so a
 * logged call costs no statement for it).
 */
export async function publishDomainEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: readonly DomainEvent[],
  occurredAt: Date,
  options: { appended?: boolean } = {},
): Promise<void> {
  if (events.length === 0) return;
  for (const follower of followers.values()) await follower(tx, companyId, events, occurredAt);
  if (!options.appended) await appendDomainEvents(tx, companyId, events, occurredAt);
}
