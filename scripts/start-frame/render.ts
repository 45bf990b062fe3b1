import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';
import { LANGUAGES } from '../../core/language';
import { START_FRAME_FILE, START_FRAME_PATHS, START_SNAPSHOT_PATH } from '../../core/start-snapshot';

/*
 * Renders the start screens' first frames in every language (decision 092) into <outDir>/start-frame.json.
 * Run by the build (vite-plugin.ts) in a process of its own: the app's modules expect a browser
 * (window, document, storage), which jsdom stands in for here, and those globals must not reach the
 * build's other steps.
 *
 *   node --import tsx scripts/start-frame/render.ts <outDir> <mode>
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const [outDir = join(ROOT, 'dist', 'web'), mode = 'production'] = process.argv.slice(2);

const dom = new JSDOM('<!doctype html><html><body><div id="root"></div></body></html>', {
  url: `http://localhost${START_SNAPSHOT_PATH}`,
  pretendToBeVisual: true,
});
const view = dom.window as unknown as Record<string, unknown>;
// No stylesheet here: every media query answers "no" (the phone's width is the frame's CSS's to decide).
view.matchMedia = () => ({
  matches: false,
  media: '',
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
});
for (const name of [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'HTMLElement',
  'Node',
  'getComputedStyle',
  'matchMedia',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]) {
  Object.defineProperty(globalThis, name, { value: view[name], configurable: true, writable: true });
}

const server = await createServer({
  configFile: false,
  root: join(ROOT, 'web'),
  mode,
  logLevel: 'warn',
  appType: 'custom',
  publicDir: false,
  resolve: { alias: { '@core': join(ROOT, 'core'), '@web': join(ROOT, 'web') } },
  plugins: [react()],
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
try {
  const entry = (await server.ssrLoadModule('/start-frame/entry-server.tsx')) as {
    renderStartFrame: (path: string, language: string) => Promise<string>;
  };
  const frames: Record<string, Record<string, string>> = {};
  for (const path of START_FRAME_PATHS) {
    dom.window.history.replaceState(null, '', path);
    frames[path] = {};
    for (const language of LANGUAGES) frames[path][language] = cleanFrame(await entry.renderStartFrame(path, language));
  }
  writeFileSync(join(outDir, START_FRAME_FILE), `${JSON.stringify({ frames })}\n`);
} catch (error) {
  console.error(error);
  process.exit(1);
}
// Done: the app's timers (React Query's) and its loads in the background (another language's field
// messages) would hold the process open or outlive the loader, so it ends here.
process.exit(0);

/**
 * The frame as #root's markup. React streams a part that waited for its code (the screen, loaded
 * lazily) as a fallback plus the part at the end of the document and a script that swaps them in the
 * browser; the frame may carry no script (the page's policy would refuse it), so the swap is done
 * here, as that script would: each `<template id="B:n">` and its fallback give way to `S:n`'s content.
 */
function cleanFrame(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  for (const script of root.querySelectorAll('script')) script.remove();
  // Until the app runs, only quick log's buttons answer (their taps are kept); any other button of
  // the frame (a menu, a sort) would take a tap and do nothing, so it shows as not yet ready. Links
  // are links already.
  for (const button of root.querySelectorAll('button:not([data-quick-log])')) button.setAttribute('disabled', '');
  for (let template = root.querySelector('template[id^="B:"]'); template; template = root.querySelector('template[id^="B:"]')) {
    const segment = root.querySelector(`div[hidden][id="S:${template.id.slice(2)}"]`);
    const opening = template.previousSibling;
    if (!segment || opening?.nodeType !== Node.COMMENT_NODE) throw new Error(`the start frame's part ${template.id} has no content`);
    // The fallback runs to the boundary's closing comment, past any boundary of its own.
    let depth = 0;
    for (let node = template.nextSibling; node;) {
      const next: ChildNode | null = node.nextSibling;
      if (node.nodeType === Node.COMMENT_NODE) {
        const data = (node as Comment).data;
        if (data === '/$' && depth === 0) break;
        if (data === '/$') depth -= 1;
        else if (data.startsWith('$')) depth += 1;
      }
      node.remove();
      node = next;
    }
    template.replaceWith(...segment.childNodes);
    (opening as Comment).data = '$';
    segment.remove();
  }
  return root.innerHTML;
}
