// The stylesheet is the page's (a <link> in its head): the copy and the app are painted with it.
import './styles.css';

/*
 * The page's entry script: the app itself (main.tsx) is imported from here, its files preloaded by
 * the page all the same (scripts/app-shell/vite-plugin.ts, preloadApp). When the page shows quick
 * log's copy of itself (decision 090) the browser first paints it and hears taps on it, and only
 * then evaluates the app's modules, about half a second of a phone's main thread in one piece;
 * otherwise the app starts at once.
 */

/**
 * START_SNAPSHOT_ATTRIBUTE (core/start-snapshot.ts), written out: importing it would make this
 * script wait for the chunk that holds it, the app's largest (web/entry.test.ts keeps the two equal).
 */
export const COPY_ATTRIBUTE = 'data-start-snapshot';

function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** EARLY_INSTALL_PROMPT_PROPERTY (web/lib/install-prompt.ts), written out for the same reason. */
export const INSTALL_PROMPT_PROPERTY = '__dealboardInstallPrompt';

// The browser's offer to install the app can come before the app runs: kept for it, which takes it
// once it listens itself (web/lib/install-prompt.ts).
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  (window as unknown as Record<string, Event>)[INSTALL_PROMPT_PROPERTY] = event;
});

const showingCopy = document.getElementById('root')?.hasAttribute(COPY_ATTRIBUTE) ?? false;
void (showingCopy ? afterNextPaint() : Promise.resolve()).then(() => import('./main'));
