import { existsSync } from 'node:fs';
import { run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The browser tests use Debian's chromium; install it when missing (as root, or through sudo). */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.info("[dealboard] installing Debian's chromium for the browser tests...");
  const isRoot = process.getuid?.() === 0;
  const prefix = isRoot ? [] : ['sudo', '-n'];
  const apt = (args) => (prefix.length ? run(prefix[0], [...prefix.slice(1), 'apt-get', ...args]) : run('apt-get', args));
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (
    apt(['update', '-qq']) !== 0 ||
    run(
      isRoot ? 'apt-get' : 'sudo',
      isRoot ? ['install', '-y', '-qq', 'chromium'] : ['-n', 'apt-get', 'install', '-y', '-qq', 'chromium'],
      { env },
    ) !== 0
  ) {
    console.error("Could not install chromium. Install Debian's `chromium` package (apt-get install chromium) and run again.");
    process.exit(1);
  }
}
