import type { BuiltInKind, KindPointsInput, KpiRuleList } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: what a built-in kind is worth, the parts changed in one save (decision 117); answers every point rule after. */
export function setKindPoints(key: BuiltInKind, input: KindPointsInput) {
  return api.PATCH('/api/v1/kpi-rules/kinds/{key}', { params: { path: { key } }, body: input });
}

export function useSetKindPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: BuiltInKind; input: KindPointsInput }) => setKindPoints(key, input),
    // One cache entry for this list, KPI Rules and the log dialogs (what each kind is worth now).
    onSuccess: async (rules) => {
      queryClient.setQueryData<KpiRuleList>(queryKeys.kpiRules, rules);
      // Read again as every rule change is, which also keeps the copy the offline log reads up to date.
      await queryClient.invalidateQueries({ queryKey: queryKeys.kpiRules });
    },
  });
}
