import '@web/i18n';
import type { Me, TeamMember } from '@core/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { queryKeys } from '@web/lib/query-keys';

/** A signed-in member of a Norwegian company (NOK, Europe/Oslo), for components that format money or times. */
export function makeTestMe(overrides: Partial<Me['company'] & object> = {}): Me {
  return {
    user: { id: 'user-1', email: 'rita@example.com', name: 'Rita Rep', image: null, emailVerified: true, language: null },
    profile: {
      id: 'profile-1',
      displayName: 'Rita Rep',
      avatarUrl: null,
      role: 'user',
      teamId: null,
      onBoards: true,
      homeBoardId: null,
      createdAt: '2026-11-01T08:00:00.000Z',
    },
    company: {
      id: 'company-1',
      name: 'Fjordsalg AS',
      timezone: 'Europe/Oslo',
      language: null,
      currency: 'NOK',
      logoUrl: null,
      createdAt: '2026-11-01T08:00:00.000Z',
      ...overrides,
    },
    onboarding: { hasProfile: true, hasCompany: true, hasTeam: false, profileComplete: true, role: 'user', removed: false },
    tenancy: 'single',
    operator: true,
  };
}

/** The same person as the company's admin. */
export function makeTestAdminMe(): Me {
  const me = makeTestMe();
  return { ...me, profile: { ...me.profile!, role: 'admin' }, onboarding: { ...me.onboarding, role: 'admin' } };
}

/** A row of the team's member list (GET /api/v1/team/members): by default that admin, Rita. */
export function makeTestMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 'p1',
    userId: 'user-1',
    displayName: 'Rita Rep',
    email: 'rita@example.com',
    role: 'admin',
    avatarUrl: null,
    joinedAt: '2026-11-01T08:00:00.000Z',
    teamId: null,
    onBoards: true,
    ...overrides,
  };
}

/**
 * Renders with a fresh QueryClient (no retries) whose cache already holds the signed-in person, so
 * components read the company's currency and time zone without a request. Seed more with `seed`.
 */
export function renderWithProviders(ui: ReactElement, options: { me?: Me; seed?: (client: QueryClient) => void } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  queryClient.setQueryData(queryKeys.me, options.me ?? makeTestMe());
  options.seed?.(queryClient);
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <TooltipProvider>{ui}</TooltipProvider>
      </QueryClientProvider>,
    ),
  };
}
