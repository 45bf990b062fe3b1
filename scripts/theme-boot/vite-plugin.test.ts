import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { START_SNAPSHOT_SCRIPT } from '@core/start-snapshot';
import { THEME_BOOT_SCRIPT } from '@core/theme';
import { START_SNAPSHOT_SCRIPT_SOURCE, THEME_BOOT_SCRIPT_SOURCE } from '../../server/lib/theme-boot';
import { bootScripts } from './vite-plugin';

describe('the boot scripts in the app page', () => {
  it('the theme first in the head, the start screen after #root, as written, and the CSP allows exactly them', async () => {
    const plugin = bootScripts();
    const hook = plugin.transformIndexHtml as { handler: () => { tag: string; children: string; injectTo: string }[] };
    const [theme, snapshot] = hook.handler();
    expect(theme).toEqual({ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' });
    expect(snapshot).toEqual({ tag: 'script', children: START_SNAPSHOT_SCRIPT, injectTo: 'body' });
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
    expect(THEME_BOOT_SCRIPT_SOURCE).toBe(hash(theme!.children));
    expect(START_SNAPSHOT_SCRIPT_SOURCE).toBe(hash(snapshot!.children));
  });

  it('survives the build unchanged', async () => {
    const root = resolve(import.meta.dirname, '..', '..', 'web');
    const output = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [bootScripts()],
      build: { write: false, rolldownOptions: { input: resolve(root, 'index.html'), external: () => true } },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as { output: { fileName: string; source?: unknown }[] }[];
    const html = outputs.flatMap((o) => o.output).find((file) => file.fileName === 'index.html');
    const page = String(html?.source);
    expect(page).toContain(`<script>${THEME_BOOT_SCRIPT}</script>`);
    // After #root, which it fills: the copy is shown before the app's scripts run.
    expect(page.indexOf(`<script>${START_SNAPSHOT_SCRIPT}</script>`)).toBeGreaterThan(page.indexOf('<div id="root">'));
    expect(readFileSync(resolve(root, 'index.html'), 'utf8')).not.toContain(THEME_BOOT_SCRIPT);
  });
});
