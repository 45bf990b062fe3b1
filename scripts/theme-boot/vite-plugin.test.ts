import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '@core/theme';
import { THEME_BOOT_SCRIPT_SOURCE } from '../../server/lib/theme-boot';
import { themeBoot } from './vite-plugin';

describe('the theme boot script in the app page', () => {
  it('is the first script of the head, as written, and the CSP allows exactly it', async () => {
    const plugin = themeBoot();
    const hook = plugin.transformIndexHtml as { handler: () => { tag: string; children: string; injectTo: string }[] };
    const [tag] = hook.handler();
    expect(tag).toEqual({ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' });
    const hash = createHash('sha256').update(tag!.children, 'utf8').digest('base64');
    expect(THEME_BOOT_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
  });

  it('survives the build unchanged', async () => {
    const root = resolve(import.meta.dirname, '..', '..', 'web');
    const output = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [themeBoot()],
      build: { write: false, rolldownOptions: { input: resolve(root, 'index.html'), external: () => true } },
    });
    const outputs = (Array.isArray(output) ? output : [output]) as { output: { fileName: string; source?: unknown }[] }[];
    const html = outputs.flatMap((o) => o.output).find((file) => file.fileName === 'index.html');
    expect(String(html?.source)).toContain(`<script>${THEME_BOOT_SCRIPT}</script>`);
    expect(readFileSync(resolve(root, 'index.html'), 'utf8')).not.toContain(THEME_BOOT_SCRIPT);
  });
});
