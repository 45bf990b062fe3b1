import type { KpiRuleList, UpdateKpiRule } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: points, enabled, multiplier (sale_ticket_size only), calls in a day (the daily call bonus only). Later activities are affected. */
export function updateKpiRule({ id, ...change }: UpdateKpiRule & { id: string }) {
  return api.PATCH('/api/v1/kpi-rules/{id}', { params: { path: { id } }, body: change });
}

export function useUpdateKpiRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKpiRule,
    onSuccess: async (rule) => {
      // One cache entry for this tab and the log dialogs (what each outcome is worth now).
      queryClient.setQueryData<KpiRuleList>(queryKeys.kpiRules, (current) =>
        current ? { rules: current.rules.map((r) => (r.id === rule.id ? rule : r)) } : current,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.kpiRules });
    },
  });
}
