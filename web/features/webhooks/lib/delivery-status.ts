import type { WebhookDelivery } from '@core/contracts';

export type DeliveryStatusKey = 'queued' | 'retrying' | 'sending' | 'succeeded' | 'failed';

/** How a delivery's status reads: a pending one not yet tried is queued; one tried and failed waits for its retry. */
export function deliveryStatusKey(delivery: Pick<WebhookDelivery, 'status' | 'attempts'>): DeliveryStatusKey {
  if (delivery.status === 'pending') return delivery.attempts === 0 ? 'queued' : 'retrying';
  return delivery.status;
}

export const DELIVERY_STATUS_BADGE = {
  queued: 'secondary',
  retrying: 'warning',
  sending: 'soft',
  succeeded: 'success',
  failed: 'destructive',
} as const satisfies Record<DeliveryStatusKey, string>;

/** The server refuses a resend while a delivery is queued or being sent. */
export const canResend = (delivery: Pick<WebhookDelivery, 'status'>) => delivery.status === 'succeeded' || delivery.status === 'failed';
