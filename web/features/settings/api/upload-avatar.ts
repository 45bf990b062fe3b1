import type { Avatar, ProfileSettings } from '@core/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { meQueryKey } from '@web/lib/auth/get-me';
import { profileSettingsQueryKey } from './get-profile-settings';

/** Sends the picture as it is (the server decodes, crops and re-encodes it). */
export function uploadAvatar(file: Blob): Promise<Avatar> {
  return apiFetch<Avatar>('/me/avatar', { method: 'PUT', file });
}

export function deleteAvatar(): Promise<Avatar> {
  return apiFetch<Avatar>('/me/avatar', { method: 'DELETE' });
}

/**
 * The picture shows at once here, and everywhere else after a refetch: the shell (/me), member
 * lists and every board (leaderboards, team overview, company page). Other people's screens follow
 * through the live stream (a profile change is broadcast).
 */
async function showAvatarEverywhere(queryClient: QueryClient, { avatarUrl }: Avatar): Promise<void> {
  queryClient.setQueryData<ProfileSettings>(profileSettingsQueryKey, (profile) => (profile ? { ...profile, avatarUrl } : profile));
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: meQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['company', 'members'] }),
    queryClient.invalidateQueries({ queryKey: ['scoreboard'] }),
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
