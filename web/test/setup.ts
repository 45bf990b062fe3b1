import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, i18nReady, loadCatalogs, SUPPORTED_LANGUAGES } from '@web/i18n';

// The app loads its translations on demand (one language, the signed-out namespaces first); the
// tests render any screen in either language at once, so every catalog is loaded up front.
await i18nReady;
await loadCatalogs('app');
await i18n.loadLanguages([...SUPPORTED_LANGUAGES]);

afterEach(() => cleanup());
