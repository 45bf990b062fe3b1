import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, matchLanguage, negotiateLanguage } from '../../core/language';
import {
  START_FRAME_FILE,
  START_FRAME_LANGUAGE_ATTRIBUTE,
  START_FRAME_LETTER,
  START_FRAME_MEMBER_ATTRIBUTE,
  START_SNAPSHOT_ATTRIBUTE,
} from '../../core/start-snapshot';
import { escapeHtml } from './escape-html';

type Language = (typeof LANGUAGES)[number];

/*
 * A start screen's first frame from the server (decision 092). The build renders quick log and the
 * dashboard once per language as an admin sees them, with every button on and no answers yet
 * (web/start-frame/entry-server.tsx); for a signed-in member the server takes out what they do not
 * have and writes it into the page's #root, so a phone shows the screen, and on quick log keeps a
 * tap on its buttons, as soon as the page and its stylesheet are in, not once the app's scripts have
 * come and run (seconds on a slow phone, decision 068).
 */

/** What of the member the frame shows. */
export type StartFrameMember = {
  userId: string;
  email: string;
  /** Saved in Settings; null: the browser's language. */
  savedLanguage: Language | null;
  isAdmin: boolean;
  /** Leads a team: Coaching and Targets in the menu, as for admins (decision 045). */
  isCoach: boolean;
  /** The optional buttons the company's rules have on (calls and sales are always there). */
  enabledKinds: { meeting: boolean; email: boolean; linkedin: boolean };
};

export type StartFrames = { frames: Partial<Record<string, Partial<Record<Language, string>>>> };

/** The build's frames, or null for a build without them (an older one): the page is served as it is. */
export function readStartFrames(distDir: string): StartFrames | null {
  const file = join(distDir, START_FRAME_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as StartFrames) : null;
}

/** The menu items only admins and team leads have, and the one only admins have (web/app/shell/nav-items.ts). */
const MANAGER_LINKS = ['/app/coaching', '/app/targets'];
const ADMIN_LINKS = ['/app/admin/users'];

/** A member's frame: its language, and whether the member chose it (not only their browser). */
export type FilledStartFrame = { language: Language; chosen: boolean; html: string };

/**
 * The frame of the screen at `path` for `member`: their language (saved in Settings, else picked on
 * the public site, `languageCookie`, else the browser's), menu, buttons, brand and first letter.
 */
export function fillStartFrame(
  frames: StartFrames,
  path: string,
  member: StartFrameMember,
  { acceptLanguage, languageCookie, brand }: { acceptLanguage: string | undefined; languageCookie?: string; brand: string },
): FilledStartFrame | null {
  const chosen =
    [member.savedLanguage, languageCookie].map((choice) => matchLanguage(choice, LANGUAGES)).find((match) => match !== null) ?? null;
  const language = chosen ?? negotiateLanguage({ acceptLanguage }, LANGUAGES, 'en');
  let html = frames.frames[path]?.[language];
  if (!html) return null;
  const left = [...(member.isAdmin ? [] : ADMIN_LINKS), ...(member.isAdmin || member.isCoach ? [] : MANAGER_LINKS)];
  for (const href of left) html = removeElements(html, 'a', `href="${href}"`);
  for (const kind of ['meeting', 'email', 'linkedin'] as const) {
    if (!member.enabledKinds[kind]) html = removeElements(html, 'button', `data-quick-log="${kind}"`);
  }
  // Replacer functions: a brand's "$&" is text, not a pattern.
  const letter = escapeHtml((member.email.trim()[0] ?? '?').toUpperCase());
  const brandText = escapeHtml(brand);
  html = html.replaceAll(`>${START_FRAME_LETTER}<`, () => `>${letter}<`).replaceAll('>Dealboard<', () => `>${brandText}<`);
  return { language, chosen: chosen !== null, html };
}

/**
 * Takes every `<tag …attribute…>…</tag>` out of the markup. The frame's buttons and links hold no
 * element of their own kind, so the first closing tag is theirs.
 */
function removeElements(html: string, tag: 'a' | 'button', attribute: string): string {
  const pattern = new RegExp(`<${tag}\\b[^>]*\\s${attribute.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^>]*>[\\s\\S]*?</${tag}>`, 'g');
  return html.replace(pattern, '');
}

/** The page with the frame in #root, marked as a first frame (the boot script keeps its taps) and whose it is. */
export function placeStartFrame(page: string, frame: FilledStartFrame, userId: string): string {
  const language = frame.chosen ? ` ${START_FRAME_LANGUAGE_ATTRIBUTE}="${frame.language}"` : '';
  const root = `<div id="root" ${START_SNAPSHOT_ATTRIBUTE} ${START_FRAME_MEMBER_ATTRIBUTE}="${escapeHtml(userId)}"${language}>`;
  return page
    .replace(/<html lang="[^"]*">/, () => `<html lang="${frame.language}">`)
    .replace('<div id="root"></div>', () => `${root}${frame.html}</div>`);
}
