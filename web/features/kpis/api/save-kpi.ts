import type { KpiInput } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: creates a KPI (id null) or replaces one's definition; 409 kpi_exists when a name is another KPI's. */
export function saveKpi(id: string | null, input: KpiInput) {
  return id === null ? api.POST('/api/v1/kpis', { body: input }) : api.PUT('/api/v1/kpis/{id}', { params: { path: { id } }, body: input });
}

export function useSaveKpi(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KpiInput) => saveKpi(id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.kpis }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
      ]),
  });
}
