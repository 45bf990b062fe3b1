import { z } from 'zod';
import { text } from './common';

/*
 * Push notifications (decision 055): the instance's VAPID public key, a member's devices and their
 * choices. Times are HH:MM on the company's clock.
 */

export const PUSH_KINDS = ['contest_started', 'badge_earned', 'wrapup_comment', 'wrapup_reminder'] as const;
export const PushKindSchema = z.enum(PUSH_KINDS);
export type PushKind = z.infer<typeof PushKindSchema>;

/** HH:MM, 00:00 to 23:59. */
export const ClockTimeSchema = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'A time as HH:MM' });
export type ClockTime = z.infer<typeof ClockTimeSchema>;

export const PushPublicKeySchema = z.object({
  /** The VAPID public key (URL-safe base64): the browser's applicationServerKey. */
  publicKey: text(),
});
export type PushPublicKey = z.infer<typeof PushPublicKeySchema>;

/** What a browser's PushSubscription.toJSON() gives, as sent to subscribe. */
export const SubscribePushSchema = z.object({
  endpoint: text({ message: 'The push endpoint is required' })
    .max(2048)
    .refine((value) => /^https?:\/\//.test(value), { message: 'The push endpoint must be a web address' }),
  keys: z.object({
    p256dh: text().min(1).max(200),
    auth: text().min(1).max(100),
  }),
});
export type SubscribePush = z.infer<typeof SubscribePushSchema>;

export const UnsubscribePushSchema = z.object({ endpoint: text().max(2048) });
export type UnsubscribePush = z.infer<typeof UnsubscribePushSchema>;

export const PushDeviceSchema = z.object({
  id: text(),
  /** "Chrome · Android", from the browser's User-Agent when it subscribed. */
  label: text(),
  createdAt: text(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

export const PushPreferencesSchema = z
  .object({
    contestStarted: z.boolean(),
    badgeEarned: z.boolean(),
    wrapupComment: z.boolean(),
    wrapupReminder: z.boolean(),
    /** When to be reminded to write the wrap-up, on working days. */
    reminderTime: ClockTimeSchema,
    /** Quiet hours: both set, or both null for none. May pass midnight (22:00 to 07:00). */
    quietFrom: ClockTimeSchema.nullable(),
    quietTo: ClockTimeSchema.nullable(),
  })
  .refine((value) => (value.quietFrom === null) === (value.quietTo === null), {
    message: 'Quiet hours need both a start and an end',
    path: ['quietTo'],
  })
  .refine((value) => value.quietFrom === null || value.quietFrom !== value.quietTo, {
    message: 'Quiet hours cannot start and end at the same time',
    path: ['quietTo'],
  });
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

export const PushSettingsSchema = z.object({
  preferences: PushPreferencesSchema,
  /** The caller's devices that receive push. */
  devices: z.array(PushDeviceSchema),
});
export type PushSettings = z.infer<typeof PushSettingsSchema>;

/** What the service worker shows: the JSON inside every push message. */
export const PushMessageSchema = z.object({
  kind: PushKindSchema,
  title: text(),
  body: text(),
  /** A path in the app that the notification opens. */
  url: text(),
  /** Notifications with the same tag replace each other on the device. */
  tag: text(),
});
export type PushMessage = z.infer<typeof PushMessageSchema>;
