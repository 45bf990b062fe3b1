import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { subscribeThisDevice, unsubscribeThisDevice } from '../lib/push-device';

/** Asks for permission, subscribes this browser with the instance's key, and tells the server. */
export async function turnOnPushHere() {
  const { publicKey } = await api.GET('/api/v1/push/public-key');
  const subscription = await subscribeThisDevice(publicKey);
  return api.POST('/api/v1/me/push/subscriptions', { body: subscription });
}

/** Unsubscribes this browser and tells the server (the server first, so a failure leaves push on and says so). */
export async function turnOffPushHere() {
  const endpoint = await unsubscribeThisDevice({
    beforeUnsubscribe: (endpointToRemove) => api.POST('/api/v1/me/push/subscriptions/remove', { body: { endpoint: endpointToRemove } }),
  });
  return endpoint;
}

export function useTogglePushDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (on: boolean) => (on ? turnOnPushHere() : turnOffPushHere()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settings.push }),
  });
}
