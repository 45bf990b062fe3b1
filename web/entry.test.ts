import { describe, expect, it } from 'vitest';
import { START_SNAPSHOT_ATTRIBUTE } from '@core/start-snapshot';
import { EARLY_INSTALL_PROMPT_PROPERTY } from './lib/install-prompt';

describe('the page entry', () => {
  it('looks for the copy by the attribute the boot script sets', async () => {
    // Read as text: importing the entry would start the app.
    const source = await import('./entry.ts?raw');
    expect(source.default).toContain(`export const COPY_ATTRIBUTE = '${START_SNAPSHOT_ATTRIBUTE}';`);
  });

  it("keeps the browser's install offer where the app looks for it", async () => {
    const source = await import('./entry.ts?raw');
    expect(source.default).toContain(`export const INSTALL_PROMPT_PROPERTY = '${EARLY_INSTALL_PROMPT_PROPERTY}';`);
  });
});
