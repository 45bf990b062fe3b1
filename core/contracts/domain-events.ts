import type { Activity, ActivityKind, StoredActivityType } from './activities';

/*
 * What a change to a company's facts says happened (decision 094). The module that makes the change
 * appends these inside its own transaction (server/events/domain-events.ts); the modules that follow
 * it (webhooks, the feed, badges, the audit log) each turn them into what they keep, in the same
 * transaction. The writer knows none of its followers.
 */

/** An activity as it was just before a change, where it counted. */
export type ActivityPlace = { userId: string; localDate: string; type: StoredActivityType };

/** A new activity on a member's day (logged by them, or for them by a lead or an admin). */
export type ActivityLoggedEvent = {
  type: 'activity.logged';
  activity: Activity;
  /** Who logged it: the member, or the lead or admin who logged it for them. */
  actorId: string;
  /** The company's local date when it was logged: a log for an earlier day was logged late. */
  today: string;
};

/** An activity changed in place, moved to another day or given to another member. */
export type ActivityUpdatedEvent = {
  type: 'activity.updated';
  activity: Activity;
  before: ActivityPlace;
  /** The request's fields that named a value (what the actor changed). */
  fields: string[];
  actorId: string;
  today: string;
};

/** An activity deleted (its member's own undo, or a lead's or an admin's correction). */
export type ActivityDeletedEvent = {
  type: 'activity.deleted';
  activity: { id: string; userId: string; kind: ActivityKind; type: StoredActivityType; localDate: string };
  deletedAt: string;
  actorId: string;
};

/**
 * A member's daily goal reached by a log or an edit (once per goal and day): a built-in one, or a
 * goal on one of the company's own types (decision 106), reached by a log of the type.
 */
export type GoalReachedEvent = {
  type: 'goal.reached';
  userId: string;
  target: number;
  localDate: string;
  activityId: string;
} & ({ goal: 'calls' | 'meetings' | 'sales' } | { goal: 'type'; typeId: string });

/** A member's daily wrap-up written (the first time, `created`) or rewritten the same day. */
export type WrapupSubmittedEvent = {
  type: 'wrapup.submitted';
  /** The wrap-up as stored (its text fields, the day and member), times as ISO strings. */
  wrapup: { id: string; userId: string; date: string; created: boolean; createdAt: string; updatedAt: string } & Record<string, unknown>;
};

/** A person joined the company (or came back to it). */
export type MemberJoinedEvent = {
  type: 'member.joined';
  userId: string;
  displayName: string | null;
  role: string;
  joinedAt: string;
};

/** Two customers made one (decision 041): every activity naming the merged one names the kept one. */
export type CustomersMergedEvent = {
  type: 'customers.merged';
  kept: { id: string; name: string };
  merged: { id: string; name: string };
  /** How many activities now name the kept customer instead. */
  activities: number;
  actorId: string;
};

export type DomainEvent =
  | ActivityLoggedEvent
  | ActivityUpdatedEvent
  | ActivityDeletedEvent
  | GoalReachedEvent
  | WrapupSubmittedEvent
  | MemberJoinedEvent
  | CustomersMergedEvent;
export type DomainEventType = DomainEvent['type'];
