import '@testing-library/jest-dom/vitest';
// Every log is kept on the device first (IndexedDB, decision 054); jsdom has none.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, i18nReady, loadNamespaces, NAMESPACES, SUPPORTED_LANGUAGES } from '@web/i18n';
import { forgetMemberOnDevice } from '@web/lib/auth/device-member';

// The app loads its translations on demand (one language, each namespace with the route that
// needs it); the tests render any component in either language at once, so all are loaded first.
await i18nReady;
await loadNamespaces(NAMESPACES);
await i18n.loadLanguages([...SUPPORTED_LANGUAGES]);

// jsdom has no layout. Radix (select, switch, popover) and cmdk call these to measure, scroll an
// item into view or check pointer capture: harmless stand-ins, once for every test.
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  // The member kept for opening offline is one test's, not the next's.
  forgetMemberOnDevice();
});
