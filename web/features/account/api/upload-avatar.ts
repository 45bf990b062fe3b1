import type { Avatar, ProfileSettings } from '@core/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Sends the picture as it is, with its own type (the server decodes, crops and re-encodes it). */
export function uploadAvatar(file: Blob) {
  return api.PUT('/api/v1/me/avatar', { body: file, headers: { 'content-type': file.type } });
}

export function deleteAvatar() {
  return api.DELETE('/api/v1/me/avatar');
}

/**
 * The picture shows at once here, and everywhere else after a refetch: the shell (/me), member
 * lists and every board (leaderboards, team overview, company page). Other people's screens follow
 * through the live stream (a profile change is broadcast).
 */
async function showAvatarEverywhere(queryClient: QueryClient, { avatarUrl }: Avatar): Promise<void> {
  queryClient.setQueryData<ProfileSettings>(queryKeys.settings.profile, (profile) => (profile ? { ...profile, avatarUrl } : profile));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.me }),
    queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
    queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
  ]);
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (avatar) => showAvatarEverywhere(queryClient, avatar) });
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAvatar, onSuccess: (avatar) => showAvatarEverywhere(queryClient, avatar) });
}
