import { inject } from 'vitest';

/** A server a journey uses: its address, and how to let go of it. */
export type JourneyServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * The journeys' shared server (started by global-setup.ts), for a journey that needs nothing of
 * its own: no restart, no clock of its own, no setting of the environment, no first member of the
 * installation. It runs multi-tenant: the journey's first person creates the journey's company and
 * invites the rest (joinCompany in accounts.ts does both), so each journey sees only its own
 * company, as on a server of its own, without starting one (about 10 s of CPU each). Letting go of
 * it leaves it running for the next journey.
 */
export function useSharedServer(): JourneyServer {
  return { baseUrl: inject('sharedBaseUrl'), stop: async () => {} };
}
