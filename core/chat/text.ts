/*
 * Text that a person typed (a name, a customer, a product) on its way into a chat message: cut to a
 * length, and escaped for the platform's own markup. Pure string functions, no I/O.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * At most `max` UTF-16 units (what the platforms' limits count), cut between whole graphemes so an
 * emoji or a letter with its accent is never split, with an ellipsis when cut. Line breaks and
 * runs of spaces become one space: a name on one line keeps a message's layout.
 */
export function truncateText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let out = '';
  for (const { segment } of graphemes.segment(flat)) {
    if (out.length + segment.length > max - 1) break;
    out += segment;
  }
  return `${out.trimEnd()}…`;
}

/**
 * Slack's text objects (mrkdwn and plain_text alike, and the top-level fallback text) treat &, <
 * and > as control characters (links, mentions like <!channel>): Slack's formatting reference says
 * to send them as &amp;, &lt; and &gt;, and Slack decodes exactly those three for display. Nothing
 * else is entity-encoded (an &#39; would show as typed). Formatting characters (* _ ~ `) have no
 * escape in mrkdwn at all, which is why our builders put a person's text in plain_text objects only.
 */
export function escapeSlackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Teams renders every TextBlock (and FactSet value) as a subset of CommonMark: **bold**, _italic_,
 * bulleted and numbered lists, [links](...); no HTML, no code, no headings. A backslash before the
 * characters that start those (\ * _ [ ]) shows them as themselves, so a name like "*bold*" or
 * "[click](https://evil.example)" stays literal text; only those are escaped, since a backslash
 * before other punctuation is shown as typed by some Teams clients. A text that starts like a list
 * item ("- ", "+ ", "1. ") gets its marker escaped the same way. "{{" would start an Adaptive Card
 * date/time function ({{DATE(...)}}), so a zero-width space separates the two braces.
 */
export function escapeTeamsMarkdown(text: string): string {
  return text
    .replace(/[\\*_[\]]/g, (char) => `\\${char}`)
    .replace(/^(\s*)([-+])(?=\s)/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])(?=\s)/, '$1\\$2')
    .replace(/\{(?=\{)/g, '{\u200b');
}
