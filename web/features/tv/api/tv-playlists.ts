import type { SaveTvPlaylist } from '@core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's TV playlists by name (admin, decision 052). */
export function getTvPlaylists(signal?: AbortSignal) {
  return api.GET('/api/v1/tv-playlists', { signal });
}

export function getTvPlaylistsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.tvPlaylists, queryFn: ({ signal }) => getTvPlaylists(signal) });
}

export function useTvPlaylists() {
  return useQuery(getTvPlaylistsQueryOptions());
}

/** Makes a playlist, or replaces one's name and screens when `id` is given. */
export function saveTvPlaylist({ id, ...body }: SaveTvPlaylist & { id?: string }) {
  return id ? api.PUT('/api/v1/tv-playlists/{id}', { params: { path: { id } }, body }) : api.POST('/api/v1/tv-playlists', { body });
}

export function useSaveTvPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTvPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tvPlaylists }),
  });
}

export function deleteTvPlaylist(id: string) {
  return api.DELETE('/api/v1/tv-playlists/{id}', { params: { path: { id } } });
}

export function useDeleteTvPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTvPlaylist,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.tvPlaylists });
      // Links pointing at it show today's leaderboard again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.displayLinks });
    },
  });
}

/** Points a display link at a playlist, or back at today's leaderboard alone (null). */
export function setDisplayLinkPlaylist({ linkId, playlistId }: { linkId: string; playlistId: string | null }) {
  return api.PUT('/api/v1/display-links/{id}/playlist', { params: { path: { id: linkId } }, body: { playlistId } });
}

export function useSetDisplayLinkPlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDisplayLinkPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.displayLinks }),
  });
}

/** The company's contests, for a contest screen's picker (decision 049; the contests' own list). */
export function usePlaylistContests(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.contests.list,
    queryFn: ({ signal }) => api.GET('/api/v1/contests', { signal }),
    enabled,
  });
}

/** The boards a board screen may show (decision 102): those shared with a team or the company, not anyone's private view. */
export function usePlaylistBoards(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.boards.all,
    queryFn: ({ signal }) => api.GET('/api/v1/boards', { signal }),
    enabled,
    select: (list) => list.boards.filter((board) => board.sharing !== 'private'),
  });
}
