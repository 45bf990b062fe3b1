import { z } from 'zod';
import { ADAPTIVE_CARD_CONTENT_TYPE, ADAPTIVE_CARD_SCHEMA } from './teams';

/*
 * The subset of Slack Block Kit and of Adaptive Cards 1.4 that our messages use, with the
 * platforms' published rules: which blocks and elements, which fields are required, which text
 * object types each place takes, and the limits. Strict objects: a field the platform does not
 * know makes Slack refuse the whole message (invalid_blocks), so a typo must fail here first.
 */

// Slack Block Kit (docs.slack.dev/reference/block-kit): text objects, and the four blocks we send.
const nonEmpty = (max: number) => z.string().min(1).max(max);
const slackPlain = (max: number) => z.strictObject({ type: z.literal('plain_text'), text: nonEmpty(max), emoji: z.boolean().optional() });
const slackMrkdwn = (max: number) => z.strictObject({ type: z.literal('mrkdwn'), text: nonEmpty(max), verbatim: z.boolean().optional() });
const slackText = (max: number) => z.discriminatedUnion('type', [slackPlain(max), slackMrkdwn(max)]);
const blockId = z.string().max(255).optional();

export const SlackBlockSchema = z.discriminatedUnion('type', [
  // header: plain_text only, 150 characters.
  z.strictObject({ type: z.literal('header'), text: slackPlain(150), block_id: blockId }),
  // section: text up to 3000 characters, or fields (at most 10, 2000 each), or both; one of them required.
  z
    .strictObject({
      type: z.literal('section'),
      text: slackText(3000).optional(),
      fields: z.array(slackText(2000)).min(1).max(10).optional(),
      block_id: blockId,
    })
    .refine((block) => block.text !== undefined || block.fields !== undefined, 'A section needs text or fields'),
  // context: 1 to 10 elements (we only use text elements).
  z.strictObject({ type: z.literal('context'), elements: z.array(slackText(3000)).min(1).max(10), block_id: blockId }),
  z.strictObject({ type: z.literal('divider'), block_id: blockId }),
]);

/** An incoming-webhook message: the fallback text and at most 50 blocks. */
export const SlackMessageSchema = z.strictObject({
  // Slack truncates a message's text past 40,000 characters; a notification line is far shorter.
  text: nonEmpty(40_000),
  blocks: z.array(SlackBlockSchema).min(1).max(50),
});

// Adaptive Cards 1.4 (adaptivecards.io/explorer): TextBlock and FactSet, with the values we use.
const TextBlockSchema = z.strictObject({
  type: z.literal('TextBlock'),
  text: z.string().min(1),
  wrap: z.boolean().optional(),
  weight: z.enum(['Default', 'Lighter', 'Bolder']).optional(),
  size: z.enum(['Default', 'Small', 'Medium', 'Large', 'ExtraLarge']).optional(),
  color: z.enum(['Default', 'Dark', 'Light', 'Accent', 'Good', 'Warning', 'Attention']).optional(),
  isSubtle: z.boolean().optional(),
  spacing: z.enum(['None', 'Small', 'Default', 'Medium', 'Large', 'ExtraLarge', 'Padding']).optional(),
});
const FactSetSchema = z.strictObject({
  type: z.literal('FactSet'),
  facts: z.array(z.strictObject({ title: z.string().min(1), value: z.string().min(1) })).min(1),
});

export const AdaptiveCardSchema = z.strictObject({
  $schema: z.literal(ADAPTIVE_CARD_SCHEMA),
  type: z.literal('AdaptiveCard'),
  version: z.literal('1.4'),
  fallbackText: z.string().min(1).optional(),
  body: z.array(z.discriminatedUnion('type', [TextBlockSchema, FactSetSchema])).min(1),
});

/** UTF-8 length of a text (core has no TextEncoder in its types). */
export function countUtf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** Teams refuses a webhook message above 28 KB (the whole JSON body, in bytes). */
export const TEAMS_MESSAGE_MAX_BYTES = 28 * 1024;

export const TeamsMessageSchema = z
  .strictObject({
    type: z.literal('message'),
    attachments: z
      .array(
        z.strictObject({
          contentType: z.literal(ADAPTIVE_CARD_CONTENT_TYPE),
          contentUrl: z.null().optional(),
          content: AdaptiveCardSchema,
        }),
      )
      .length(1),
  })
  .refine((message) => countUtf8Bytes(JSON.stringify(message)) <= TEAMS_MESSAGE_MAX_BYTES, 'A Teams message is at most 28 KB');
