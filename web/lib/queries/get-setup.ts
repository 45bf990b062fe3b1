import type { Me, SetupState, SetupStep } from '@core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * The first-run setup's state (decision 042), shared by the setup screen and the dashboard's
 * checklist. Admins only: the server refuses everyone else, so callers pass enabled: isAdmin.
 */
export function getSetupState() {
  return api.GET('/api/v1/setup');
}

export function getSetupStateQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.company.setup,
    queryFn: ({ client }) => {
      // The admin role just given up (decision 057): /me in the cache says so before the screens have
      // drawn it, and a refresh then would only be refused (a 403 in the console).
      if (client.getQueryData<Me | null>(queryKeys.me)?.onboarding.role !== 'admin') throw new Error('The setup is for admins only.');
      return getSetupState();
    },
  });
}

export function useSetupState({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSetupStateQueryOptions(), enabled });
}

/** The admin saved a step (its setting is saved through its own endpoint first). */
export function useCompleteSetupStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: SetupStep) => api.POST('/api/v1/setup/steps/{step}', { params: { path: { step } } }),
    onSuccess: (state: SetupState) => queryClient.setQueryData(queryKeys.company.setup, state),
  });
}

/** Hides the dashboard's checklist (or shows it again with false). */
export function useDismissSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dismissed: boolean) => api.POST('/api/v1/setup/dismiss', { body: { dismissed } }),
    onSuccess: (state: SetupState) => queryClient.setQueryData(queryKeys.company.setup, state),
  });
}
