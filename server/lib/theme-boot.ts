import { createHash } from 'node:crypto';
import { START_SNAPSHOT_SCRIPT } from '@core/start-snapshot';
import { THEME_BOOT_SCRIPT } from '@core/theme';

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/**
 * The inline scripts the app's page may run, allowed in the CSP's script-src by their hashes, so
 * everything else still has to come from 'self': the theme applied before the first paint (decision
 * 056), and the start screen painted from this device's copy (decision 090).
 */
export const THEME_BOOT_SCRIPT_SOURCE = hashOf(THEME_BOOT_SCRIPT);
export const START_SNAPSHOT_SCRIPT_SOURCE = hashOf(START_SNAPSHOT_SCRIPT);
