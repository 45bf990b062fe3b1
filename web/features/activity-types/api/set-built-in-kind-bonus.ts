import type { BonusKind, BuiltInKindBonusInput } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: sets (or, with null, removes) a built-in kind's daily bonus (decision 115). */
export function setBuiltInKindBonus(key: BonusKind, input: BuiltInKindBonusInput) {
  return api.PUT('/api/v1/activity-types/built-in/{key}/bonus', { params: { path: { key } }, body: input });
}

export function useSetBuiltInKindBonus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: BonusKind; input: BuiltInKindBonusInput }) => setBuiltInKindBonus(key, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activityTypes }),
  });
}
