import type { Feed, ItemReactions, ToggleReaction } from '@core/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The dashboard's feed shows the newest 10 items (activities and the floor's news together). */
export const FEED_LIMIT = 10;

/** The floor's feed: activities and feed events, newest first, with their reactions (decision 051). */
export function getFeed(request: { limit: number; teamId?: string }, signal?: AbortSignal) {
  return api.GET('/api/v1/feed', { params: { query: { limit: request.limit, teamId: request.teamId } }, signal });
}

export function getFeedQueryOptions(request: { limit?: number; teamId?: string } = {}) {
  const { limit = FEED_LIMIT, teamId } = request;
  return queryOptions({
    queryKey: queryKeys.feed.list({ limit, teamId }),
    queryFn: ({ signal }) => getFeed({ limit, teamId }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFeed(request: { limit?: number; teamId?: string } = {}, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getFeedQueryOptions(request), enabled: options.enabled ?? true });
}

export function toggleReaction(input: ToggleReaction) {
  return api.POST('/api/v1/feed/reactions', { body: input });
}

/** Reacts (or takes the reaction back); every feed in the cache shows the item's reactions at once. */
export function useToggleReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleReaction,
    onSuccess: (answer: ItemReactions) => {
      queryClient.setQueriesData<Feed>(
        { queryKey: queryKeys.feed.lists },
        (feed) =>
          feed && { items: feed.items.map((item) => (item.id === answer.itemId ? { ...item, reactions: answer.reactions } : item)) },
      );
    },
  });
}
