import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: deletes a KPI; 409 kpi_in_use while another KPI is made from it. */
export function deleteKpi(id: string) {
  return api.DELETE('/api/v1/kpis/{id}', { params: { path: { id } } });
}

export function useDeleteKpi() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteKpi, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.kpis }) });
}
