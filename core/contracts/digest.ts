import { z } from 'zod';
import { text } from './common';

/*
 * The weekly digest seen before Monday (decision 088): an admin reads this week's digest as the mail
 * will show it (their own, so far), and may mail it to themself.
 */

export const DigestPreviewSchema = z.object({
  /** The week the digest covers: this ISO week, Monday to Sunday, in the company's days. */
  weekStart: text(),
  weekEnd: text(),
  /** When the scheduler sends it: the next Monday at 07:00 in the company's zone (ISO 8601). */
  sendsAt: text(),
  subject: text(),
  /** The mail's HTML, for an iframe's srcdoc (it holds no script). */
  html: text(),
  /** Nothing logged yet and no targets: on Monday this person would get no mail. */
  isEmpty: z.boolean(),
});
export type DigestPreview = z.infer<typeof DigestPreviewSchema>;

export const DigestPreviewSentSchema = z.object({ sentTo: text() });
export type DigestPreviewSent = z.infer<typeof DigestPreviewSentSchema>;
