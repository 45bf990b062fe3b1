import { z } from 'zod';
import { PLANS } from '../billing';

export const PlanSchema = z.enum(PLANS);

export const BillingSchema = z.object({
  plan: PlanSchema,
  /** Active members: what the price is computed from. */
  memberCount: z.number().int(),
  currency: z.literal('USD'),
  /** Per month, in cents; null when the price is on request (Enterprise). */
  monthlyPriceCents: z.number().int().nullable(),
  priceOnRequest: z.boolean(),
  includedUsers: z.number().int().nullable(),
  additionalUsers: z.number().int(),
});
export type Billing = z.infer<typeof BillingSchema>;
