import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Plugin, ResolvedConfig } from 'vite';

/*
 * `vite build` renders quick log's first frame in every language once the app is built (decision
 * 092): render.ts, in a process of its own (it stands a browser's globals up), writes
 * dist/web/start-frame.json, which the server reads (server/lib/start-frame.ts).
 */
export function startFrame(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dealboard:start-frame',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr || config.build.watch) return;
      const started = performance.now();
      const outDir = resolve(config.root, config.build.outDir);
      await promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'render.ts'), outDir, config.mode], {
        cwd: resolve(import.meta.dirname, '..', '..'),
      });
      config.logger.info(`start frame: quick log rendered in every language in ${Math.round(performance.now() - started)} ms`);
    },
  };
}
