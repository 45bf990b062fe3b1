import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { Plugin, ResolvedConfig } from 'vite';

/*
 * `vite build` renders the start screens' first frames in every language once the app is built (decision
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
      const { stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'render.ts'), outDir, config.mode],
        { cwd: resolve(import.meta.dirname, '..', '..'), maxBuffer: 16 * 1024 * 1024 },
      );
      // What the render warned about (React, the app's own console) is the build's to show.
      if (stderr.trim()) config.logger.warn(stderr.trim());
      config.logger.info(
        `start frames: quick log and the dashboard rendered in every language in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
