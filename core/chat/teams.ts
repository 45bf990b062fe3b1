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
import { escapeTeamsMarkdown } from './text';

/*
 * Microsoft Teams messages: an Adaptive Card 1.4 in the message envelope that both Teams incoming
 * webhooks (Office 365 connectors) and Teams Workflows ("When a Teams webhook request is received",
 * Power Automate) accept: { type: 'message', attachments: [{ contentType, contentUrl: null, content }] }.
 * 1.4 is what Teams renders everywhere (desktop, web, mobile). A person's text is escaped for
 * Teams' markdown; `fallbackText` is the plain line shown where a card cannot be drawn.
 */

export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
export const ADAPTIVE_CARD_SCHEMA = 'http://adaptivecards.io/schemas/adaptive-card.json';

export type TeamsTextBlock = {
  type: 'TextBlock';
  text: string;
  wrap: true;
  weight?: 'Bolder';
  size?: 'Medium' | 'Large';
  isSubtle?: true;
  spacing?: 'Medium';
};
export type TeamsFactSet = { type: 'FactSet'; facts: { title: string; value: string }[] };
export type TeamsElement = TeamsTextBlock | TeamsFactSet;
export type AdaptiveCard = {
  $schema: typeof ADAPTIVE_CARD_SCHEMA;
  type: 'AdaptiveCard';
  version: '1.4';
  fallbackText: string;
  body: TeamsElement[];
};
export type TeamsMessage = {
  type: 'message';
  attachments: [{ contentType: typeof ADAPTIVE_CARD_CONTENT_TYPE; contentUrl: null; content: AdaptiveCard }];
};

const md = escapeTeamsMarkdown;
const heading = (text: string): TeamsTextBlock => ({ type: 'TextBlock', text: md(text), wrap: true, weight: 'Bolder', size: 'Medium' });
const line = (text: string): TeamsTextBlock => ({ type: 'TextBlock', text: md(text), wrap: true });
const label = (text: string): TeamsTextBlock => ({ type: 'TextBlock', text: md(text), wrap: true, weight: 'Bolder', spacing: 'Medium' });
const facts = (pairs: [string, string][]): TeamsFactSet => ({
  type: 'FactSet',
  facts: pairs.map(([title, value]) => ({ title: md(title), value: md(value) })),
});

function envelope(fallbackText: string, body: TeamsElement[]): TeamsMessage {
  return {
    type: 'message',
    attachments: [
      {
        contentType: ADAPTIVE_CARD_CONTENT_TYPE,
        contentUrl: null,
        content: { $schema: ADAPTIVE_CARD_SCHEMA, type: 'AdaptiveCard', version: '1.4', fallbackText, body },
      },
    ],
  };
}

function buildSale(message: Extract<ChatMessage, { kind: 'sale' }>, w: ChatWriter): TeamsMessage {
  const text = w.words.sale.line(w.name(message.rep), w.money(message.value));
  const details: [string, string][] = [];
  if (message.customer?.trim()) details.push([w.words.sale.customer, w.detail(message.customer)]);
  if (message.product?.trim()) details.push([w.words.sale.product, w.detail(message.product)]);
  details.push([w.words.sale.points, w.count(message.points)]);
  return envelope(text, [heading(w.words.sale.heading), line(text), facts(details)]);
}

function buildGoal(message: Extract<ChatMessage, { kind: 'goal_reached' }>, w: ChatWriter): TeamsMessage {
  const { name: goal, counted } = describeChatGoal(message, w);
  const text = w.words.goal.line(w.name(message.member), counted);
  return envelope(text, [
    heading(w.words.goal.heading),
    line(text),
    facts([
      [w.words.goal.goal, goal],
      [w.words.goal.result, w.words.goal.reached(w.count(message.value), w.count(message.target))],
    ]),
  ]);
}

function buildSummary(message: Extract<ChatMessage, { kind: 'daily_summary' }>, w: ChatWriter): TeamsMessage {
  const s = w.words.summary;
  const summary = prepareDaySummary(message, w);
  return envelope(summary.line, [
    heading(s.heading),
    { type: 'TextBlock', text: md(summary.date), wrap: true, isSubtle: true },
    label(s.top),
    summary.podium.length > 0 ? facts(summary.podium) : line(s.nobodyScored),
    label(s.totals),
    facts([...summary.totals, ...summary.kpis]),
    ...(summary.idle.length > 0
      ? [label(s.idle), { type: 'TextBlock', text: joinNames(summary.idle, w, md, CHAT_IDLE_LIST_MAX), wrap: true } as const]
      : [{ ...line(s.everyoneLogged), spacing: 'Medium' } as const]),
  ]);
}

function buildContest(message: Extract<ChatMessage, { kind: 'contest' }>, w: ChatWriter): TeamsMessage {
  const c = w.words.contest;
  const text = describeContestNews(message, w);
  const body: TeamsElement[] = [heading(c.heading[message.event]), line(text)];
  if (message.leaders.length > 0 && message.event !== 'started') {
    body.push(facts(message.leaders.slice(0, 5).map((leader) => [w.name(leader.name), w.score(leader.score, message.unit)])));
  }
  // The winner post names the prize (decision 087).
  if (message.event === 'finished' && message.leaders.length > 0 && message.prize?.trim()) {
    body.push(line(c.prize(w.detail(message.prize.trim()))));
  }
  return envelope(text, body);
}

/** The Teams webhook body (incoming webhook or Workflows) for one message, in the company's language. */
export function buildTeamsMessage(message: ChatMessage, context: ChatContext): TeamsMessage {
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
