import { z } from 'zod';
import { LanguageSchema, text } from './common';

/*
 * A chat integration: a Slack or Microsoft Teams incoming-webhook URL an admin pastes, the language
 * its messages are written in, and what it posts (decision 038). Delivery rides the webhooks
 * outbox, as an endpoint of kind 'slack' or 'teams'.
 */

export const CHAT_PLATFORMS = ['slack', 'teams'] as const;
export const ChatPlatformSchema = z.enum(CHAT_PLATFORMS);
export type ChatPlatform = z.infer<typeof ChatPlatformSchema>;

/** A wall-clock time of day, 24-hour "HH:mm" (the company's time zone gives it a day). */
export const LocalTimeSchema = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time of day as HH:mm, for example 16:30');
export type LocalTime = z.infer<typeof LocalTimeSchema>;

export const ChatChoicesSchema = z.strictObject({
  /** A message for each sale, with the rep and the value. */
  sales: z.boolean(),
  /** A message when a member reaches one of their daily goals. */
  goals: z.boolean(),
  /** A summary of the day at a local time: top 3, team totals, who has not logged anything. */
  dailySummary: z.strictObject({ enabled: z.boolean(), localTime: LocalTimeSchema }),
});
export type ChatChoices = z.infer<typeof ChatChoicesSchema>;

/** Power Automate URLs carry a long signature; 2000 characters is room and a cap. */
export const CHAT_URL_MAX = 2000;

const SLACK_PATH = /^\/services\/[A-Z0-9]+\/[A-Z0-9]+\/[A-Za-z0-9]+$/;
/** Teams incoming webhooks (Office 365 connectors) and Workflows (Power Automate, Logic Apps). */
const TEAMS_HOST_SUFFIXES = ['.webhook.office.com', '.logic.azure.com', '.powerplatform.com'];

/**
 * https://host[:443]/path[?query], read by hand (core runs without the DOM's URL): a host of
 * letters, digits, dots and hyphens, no user:password@ (a URL that hides its real host from a
 * reader), no port but https's own (Power Automate writes ":443" out), no fragment.
 */
const HTTPS_URL = /^https:\/\/([A-Za-z0-9.-]+)(?::443)?(\/[^?#\s]*)?(\?[^#\s]*)?$/;

/**
 * Whether `value` is an incoming-webhook URL of `platform`. Slack: https://hooks.slack.com/services/T…/B…/…
 * (not Slack's Workflow Builder webhooks, which take a different body). Teams: a host under
 * webhook.office.com, logic.azure.com or powerplatform.com (a subdomain, never the bare suffix or
 * a look-alike such as webhook.office.com.example.net).
 */
export function isChatWebhookUrl(platform: ChatPlatform, value: string): boolean {
  const match = HTTPS_URL.exec(value);
  if (!match) return false;
  const host = match[1]!.toLowerCase();
  const path = match[2] ?? '';
  if (host.startsWith('.') || host.endsWith('.') || host.includes('..')) return false;
  if (platform === 'slack') return host === 'hooks.slack.com' && SLACK_PATH.test(path) && match[3] === undefined;
  return TEAMS_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length) && path.length > 1;
}

const URL_MESSAGES: Record<ChatPlatform, string> = {
  slack: 'Paste the Slack incoming-webhook URL: it starts with https://hooks.slack.com/services/',
  teams:
    'Paste the Teams webhook URL: an https address at webhook.office.com (incoming webhook) or logic.azure.com / powerplatform.com (Workflows)',
};

/** The words for a URL that is not the platform's incoming-webhook URL. */
export const chatUrlMessage = (platform: ChatPlatform) => URL_MESSAGES[platform];

/**
 * The settings without the URL's platform check: the API's request body. The server applies the
 * check itself (outside production it also takes http:// to this machine, for a local receiver).
 */
export const ChatIntegrationInputSchema = z.strictObject({
  platform: ChatPlatformSchema,
  url: text().trim().min(1, 'Paste the webhook URL').max(CHAT_URL_MAX, `A webhook URL has at most ${CHAT_URL_MAX} characters`),
  /** The language the channel reads: the company has no single language, so the admin picks one. */
  language: LanguageSchema,
  choices: ChatChoicesSchema,
});
export type ChatIntegrationInput = z.infer<typeof ChatIntegrationInputSchema>;

export const ChatIntegrationSettingsSchema = ChatIntegrationInputSchema.superRefine((settings, ctx) => {
  if (!isChatWebhookUrl(settings.platform, settings.url)) {
    ctx.addIssue({ code: 'custom', path: ['url'], message: URL_MESSAGES[settings.platform] });
  }
});
export type ChatIntegrationSettings = z.infer<typeof ChatIntegrationSettingsSchema>;

/**
 * A chat URL as it may be shown once saved: its host and last characters ("hooks.slack.com/…x9Yz"),
 * enough to tell two channels apart and never enough to post (the URL is the channel's secret).
 */
export function hintChatUrl(url: string): string {
  const match = /^https?:\/\/([^/?#]+)([^?#]*)/.exec(url);
  const host = match?.[1] ?? '';
  const path = (match?.[2] ?? '').replace(/\/+$/, '');
  return path.length > 1 ? `${host}/…${path.slice(-4)}` : host;
}

// ---- the admin API (Admin → Integrations) ---------------------------------------------------------

/** Chat integrations one company may have. */
export const CHAT_INTEGRATIONS_PER_COMPANY = 20;

/**
 * A change: any of the language, the choices, turning it on or off, or a new URL of the same
 * platform (the saved URL is a secret the screen never gets back, so it is sent only to replace it).
 */
export const UpdateChatIntegrationSchema = z
  .strictObject({
    url: text().trim().min(1, 'Paste the webhook URL').max(CHAT_URL_MAX, `A webhook URL has at most ${CHAT_URL_MAX} characters`).optional(),
    language: LanguageSchema.optional(),
    choices: ChatChoicesSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { message: 'Change at least one field' });
export type UpdateChatIntegration = z.infer<typeof UpdateChatIntegrationSchema>;

/** The last delivery's outcome, as the list shows it. */
export const ChatLastDeliverySchema = z.object({
  /** sale.created, goal.reached, daily_summary.due or chat.test. */
  eventType: text(),
  status: z.enum(['pending', 'sending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: text().nullable(),
  /** The last attempt, or when it was queued if none yet. */
  at: text(),
});
export type ChatLastDelivery = z.infer<typeof ChatLastDeliverySchema>;

export const ChatIntegrationSchema = z.object({
  id: text(),
  platform: ChatPlatformSchema,
  /** The URL is the channel's secret: only its host and last characters come back ("hooks.slack.com/…x9Yz"). */
  urlHint: text(),
  language: LanguageSchema,
  choices: ChatChoicesSchema,
  enabled: z.boolean(),
  /** 'failing' when the server turned it off after a day of failed posts. */
  disabledReason: z.enum(['failing']).nullable(),
  /** When the next daily summary is posted; null when the summary is off. */
  nextSummaryAt: text().nullable(),
  lastDelivery: ChatLastDeliverySchema.nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type ChatIntegration = z.infer<typeof ChatIntegrationSchema>;

export const ChatIntegrationListSchema = z.object({ integrations: z.array(ChatIntegrationSchema) });
export type ChatIntegrationList = z.infer<typeof ChatIntegrationListSchema>;

export const ChatIntegrationIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a chat integration id' }) });
