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
const view: Record<string, unknown> = dom.window;
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
    for (const language of LANGUAGES) frames[path][language] = await entry.renderStartFrame(path, language);
  }
  writeFileSync(join(outDir, START_FRAME_FILE), `${JSON.stringify({ frames })}\n`);
} catch (error) {
  console.error(error);
  process.exit(1);
}
// Done: the app's timers (React Query's) and its loads in the background (another language's field
// messages) would hold the process open or outlive the loader, so it ends here.
process.exit(0);
