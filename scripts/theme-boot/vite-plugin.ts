import { THEME_BOOT_SCRIPT } from '../../core/theme/theme';
import type { Plugin } from 'vite';

/**
 * Puts the theme's boot script (decision 056) first in the app's <head>, before the stylesheet, so
 * the page is painted in the chosen theme from the first frame. Exactly THEME_BOOT_SCRIPT, byte for
 * byte: the server's CSP allows it by its hash (server/lib/theme-boot.ts).
 */
export function themeBoot(): Plugin {
  return {
    name: 'dealboard:theme-boot',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }],
    },
  };
}
