import type { KpiRuleList, KpiRuleView, UpdateKpiRule } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { kpiRulesQueryKey } from './get-kpi-rules';

/** Admin: points, enabled, multiplier (sale_ticket_size only). Only later activities are affected. */
export function updateKpiRule({ id, ...change }: UpdateKpiRule & { id: string }): Promise<KpiRuleView> {
  return apiFetch<KpiRuleView>(`/kpi-rules/${encodeURIComponent(id)}`, { method: 'PATCH', json: change });
}

export function useUpdateKpiRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateKpiRule,
    onSuccess: async (rule) => {
      queryClient.setQueryData<KpiRuleList>(kpiRulesQueryKey, (current) =>
        current ? { rules: current.rules.map((r) => (r.id === rule.id ? rule : r)) } : current,
      );
      // The log dialogs cache the rules under 'kpi-rules' (what each outcome is worth now).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: kpiRulesQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['kpi-rules'] }),
      ]);
    },
  });
}
