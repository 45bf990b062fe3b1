import { buildSlackMessage, buildTeamsMessage, type ChatMessage } from '@core/chat';
import { LanguageSchema } from '@core/contracts';

/*
 * The outbox's side of Slack and Teams (decision 038): what the chat module stores through it (the
 * endpoints of kind 'slack' or 'teams' and their posts), and how the worker writes a stored post
 * at send time. What a channel gets and when is the chat module's (server/modules/chat).
 */

export {
  CHAT_KINDS,
  type ChatEndpointRow,
  type ChatEndpointWithLast,
  claimDueChatSummaries,
  deleteChatEndpoint,
  findChatEndpoints,
  insertChatDeliveries,
  insertChatEndpoint,
  insertChatTestDelivery,
  selectEnabledChatEndpoints,
  updateChatEndpoint,
} from './chat-endpoints.repository';

/** What a chat delivery stores: the message as data and the currency its money is in. */
export type StoredChatPost = { message: ChatMessage; currency: string };

/** The JSON a Slack or Teams delivery posts: its stored message written in the channel's language. */
export function renderChatPost(platform: string, language: string | null, storedBody: string): string {
  const { message, currency } = JSON.parse(storedBody) as StoredChatPost;
  const context = { language: LanguageSchema.catch('en').parse(language), currency };
  return JSON.stringify(platform === 'teams' ? buildTeamsMessage(message, context) : buildSlackMessage(message, context));
}
