import { createHash } from 'node:crypto';
import { THEME_BOOT_SCRIPT } from '@core/theme';

/**
 * The one inline script the app's page may run: the theme applied before the first paint (decision
 * 056), allowed in the CSP's script-src by its hash, so everything else still has to come from 'self'.
 */
export const THEME_BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT, 'utf8').digest('base64')}'`;
