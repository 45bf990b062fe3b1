import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

/*
 * The browser tests use two of Debian's builds of Chromium (decision 060): the headless shell for
 * every journey's browser (the same Blink and V8 without the desktop browser around them, far
 * lighter on CPU), and the full chromium for persistent profiles (Web Push) and the benches.
 */
const BROWSERS = [
  { path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell', pkg: 'chromium-headless-shell' },
  { path: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium', pkg: 'chromium' },
];

/** Installs whichever of the two is missing (as root, or through sudo). */
export function ensureChromium() {
  const missing = BROWSERS.filter((browser) => !existsSync(browser.path)).map((browser) => browser.pkg);
  if (missing.length === 0) return;
  console.info(`[dealboard] installing Debian's ${missing.join(' and ')} for the browser tests...`);
  const isRoot = process.getuid?.() === 0;
  const apt = (args, options) => (isRoot ? run('apt-get', args, options) : run('sudo', ['-n', 'apt-get', ...args], options));
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (apt(['update', '-qq']) !== 0 || apt(['install', '-y', '-qq', ...missing], { env }) !== 0) {
    console.error(
      `Could not install ${missing.join(' and ')}. Install Debian's packages (apt-get install ${missing.join(' ')}) and run again.`,
    );
    process.exit(1);
  }
}
