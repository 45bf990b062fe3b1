import type { BuiltInKind, BuiltInKindNamesInput } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: renames a built-in kind, or with null gives it the app's words again (decision 116). */
export function renameBuiltInKind(key: BuiltInKind, input: BuiltInKindNamesInput) {
  return api.PUT('/api/v1/activity-types/built-in/{key}/names', { params: { path: { key } }, body: input });
}

export function useRenameBuiltInKind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, input }: { key: BuiltInKind; input: BuiltInKindNamesInput }) => renameBuiltInKind(key, input),
    // The feeds and boards name a renamed kind's activities by the server's read: read them again too
    // (the live change does the same on every other screen, web/lib/realtime.ts).
    onSuccess: () =>
      Promise.all(
        [queryKeys.activityTypes, queryKeys.feed.all, queryKeys.scoreboard.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
