import { START_SNAPSHOT_SCRIPT } from '../../core/start-snapshot';
import { THEME_BOOT_SCRIPT } from '../../core/theme/theme';
import type { Plugin } from 'vite';

/**
 * The app page's two inline scripts, byte for byte (the server's CSP allows them by their hashes,
 * server/lib/theme-boot.ts): the theme's boot script (decision 056) first in <head>, before the
 * stylesheet, so the page is painted in the chosen theme from the first frame; and the start
 * screen's copy (decision 090) at the end of <body>, after #root, which it fills before the app's
 * scripts have run.
 */
export function bootScripts(): Plugin {
  return {
    name: 'dealboard:boot-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        { tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' },
        { tag: 'script', children: START_SNAPSHOT_SCRIPT, injectTo: 'body' },
      ],
    },
  };
}
