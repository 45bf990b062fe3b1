import {
  CHAT_IDLE_LIST_MAX,
  type ChatContext,
  type ChatMessage,
  type ChatWriter,
  createChatWriter,
  describeChatGoal,
  describeContestNews,
  joinNames,
  prepareDaySummary,
} from './messages';
import { escapeSlackText } from './text';

/*
 * Slack messages for incoming webhooks: `{ text, blocks }` (Block Kit). `text` is the plain
 * fallback Slack shows in notifications and to screen readers. Only our own words and numbers are
 * ever mrkdwn (bold labels); a person's text (names, customers, products) goes in plain_text
 * objects, because mrkdwn has no escape for * _ ~ `, so "*Kari*" would turn bold. Every text,
 * plain or not, is escaped for & < > (Slack's control characters).
 */

export type SlackText = { type: 'plain_text'; text: string; emoji?: boolean } | { type: 'mrkdwn'; text: string };
export type SlackBlock =
  | { type: 'header'; text: { type: 'plain_text'; text: string; emoji?: boolean } }
  | { type: 'section'; text?: SlackText; fields?: SlackText[] }
  | { type: 'context'; elements: SlackText[] }
  | { type: 'divider' };
export type SlackMessage = { text: string; blocks: SlackBlock[] };

const plain = (text: string): SlackText => ({ type: 'plain_text', text: escapeSlackText(text), emoji: true });
/** Our own words only: bold is *...*, and the text is still escaped for & < >. */
const bold = (text: string): SlackText => ({ type: 'mrkdwn', text: `*${escapeSlackText(text)}*` });
const header = (text: string): SlackBlock => ({ type: 'header', text: { type: 'plain_text', text: escapeSlackText(text), emoji: true } });

/** Label and value side by side: Slack lays a section's fields out in two columns. */
function facts(pairs: [label: string, value: string][]): SlackText[] {
  return pairs.flatMap(([label, value]) => [bold(label), plain(value)]);
}

function buildSale(message: Extract<ChatMessage, { kind: 'sale' }>, w: ChatWriter): SlackMessage {
  const line = w.words.sale.line(w.name(message.rep), w.money(message.value));
  const details: [string, string][] = [];
  if (message.customer?.trim()) details.push([w.words.sale.customer, w.detail(message.customer)]);
  if (message.product?.trim()) details.push([w.words.sale.product, w.detail(message.product)]);
  details.push([w.words.sale.points, w.count(message.points)]);
  return {
    text: escapeSlackText(line),
    blocks: [header(w.words.sale.heading), { type: 'section', text: plain(line) }, { type: 'section', fields: facts(details) }],
  };
}

function buildGoal(message: Extract<ChatMessage, { kind: 'goal_reached' }>, w: ChatWriter): SlackMessage {
  const { name: goal, counted } = describeChatGoal(message, w);
  const line = w.words.goal.line(w.name(message.member), counted);
  return {
    text: escapeSlackText(line),
    blocks: [
      header(w.words.goal.heading),
      { type: 'section', text: plain(line) },
      {
        type: 'section',
        fields: facts([
          [w.words.goal.goal, goal],
          [w.words.goal.result, w.words.goal.reached(w.count(message.value), w.count(message.target))],
        ]),
      },
    ],
  };
}

function buildSummary(message: Extract<ChatMessage, { kind: 'daily_summary' }>, w: ChatWriter): SlackMessage {
  const s = w.words.summary;
  const summary = prepareDaySummary(message, w);
  return {
    text: escapeSlackText(summary.line),
    blocks: [
      header(s.heading),
      { type: 'context', elements: [plain(summary.date)] },
      summary.podium.length > 0
        ? { type: 'section', text: bold(s.top), fields: summary.podium.flatMap(([who, points]) => [plain(who), plain(points)]) }
        : { type: 'section', text: { type: 'mrkdwn', text: `*${escapeSlackText(s.top)}*\n${escapeSlackText(s.nobodyScored)}` } },
      { type: 'divider' },
      {
        type: 'section',
        text: bold(s.totals),
        // Our own labels and numbers only, so mrkdwn: the label bold above its number.
        fields: [
          ...summary.totals.map(([label, value]) => ({
            type: 'mrkdwn' as const,
            text: `*${escapeSlackText(label)}*\n${escapeSlackText(value)}`,
          })),
          // A KPI's name is an admin's text: plain, never read as mrkdwn.
          ...summary.kpis.map(([name, value]) => plain(`${name}\n${value}`)),
        ],
      },
      { type: 'divider' },
      ...(summary.idle.length > 0
        ? [
            { type: 'section', text: bold(s.idle) } as const,
            {
              type: 'section',
              text: { type: 'plain_text', text: joinNames(summary.idle, w, escapeSlackText, CHAT_IDLE_LIST_MAX), emoji: true },
            } as const,
          ]
        : [{ type: 'section', text: plain(s.everyoneLogged) } as const]),
    ],
  };
}

function buildContest(message: Extract<ChatMessage, { kind: 'contest' }>, w: ChatWriter): SlackMessage {
  const c = w.words.contest;
  const line = describeContestNews(message, w);
  const blocks: SlackBlock[] = [header(c.heading[message.event]), { type: 'section', text: plain(line) }];
  if (message.leaders.length > 0 && message.event !== 'started') {
    blocks.push({
      type: 'section',
      fields: message.leaders.slice(0, 5).flatMap((leader) => [plain(w.name(leader.name)), plain(w.score(leader.score, message.unit))]),
    });
  }
  // The winner post names the prize (decision 087).
  if (message.event === 'finished' && message.leaders.length > 0 && message.prize?.trim()) {
    blocks.push({ type: 'section', text: plain(c.prize(w.detail(message.prize.trim()))) });
  }
  return { text: escapeSlackText(line), blocks };
}

/** The Slack incoming-webhook body for one message, in the company's language. */
export function buildSlackMessage(message: ChatMessage, context: ChatContext): SlackMessage {
  const writer = createChatWriter(context);
  switch (message.kind) {
    case 'sale':
      return buildSale(message, writer);
    case 'goal_reached':
      return buildGoal(message, writer);
    case 'daily_summary':
      return buildSummary(message, writer);
    case 'contest':
      return buildContest(message, writer);
  }
}
