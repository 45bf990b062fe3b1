import { START_FRAME_LANGUAGE_ATTRIBUTE, START_FRAME_MEMBER_ATTRIBUTE, START_SNAPSHOT_ATTRIBUTE } from '@core/start-snapshot';
import { type ReactNode, StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './components/error-fallback';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoutes } from './app/router';
import { i18nReady } from './i18n';
import { getMeQueryOptions } from './lib/auth/get-me';
import { captureInstallPrompt } from './lib/install-prompt';
import { startRestoringQueries } from './lib/query-persistence';
import { getPageQueryClient } from './lib/query-client';
import { registerServiceWorker } from './lib/service-worker';

// The screen's code starts loading at once, alongside the translations (a few KB in the screen's
// language); the first render waits for the translations only, so no keys flash. A start screen's
// first answers are asked for as soon as its code is in, before that render.
preloadRoutes(window.location, { withData: true });
// The kept boards (decision 082) are read beside them too: no query starts before they are in.
startRestoringQueries();
registerServiceWorker(() => getPageQueryClient().isFetching() > 0);
captureInstallPrompt();

void i18nReady.then(() => {
  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <ErrorBoundary>
        <AppProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </ErrorBoundary>
    </StrictMode>
  );
  const root = createRoot(container);
  if (!container.hasAttribute(START_SNAPSHOT_ATTRIBUTE)) {
    root.render(app);
    return;
  }
  // On the start screen's copy (decision 090) or the server's frame (decision 092) the app's first
  // render replaces a screen that works already, so it waits for who is signed in (asked since the
  // page began; a moment at most): rendered before, it would put the loading mark over the frame.
  // And it renders as a transition: it yields to the browser every few milliseconds, so a tap on the
  // frame is heard (and kept) at once instead of after the whole render.
  void Promise.race([
    getPageQueryClient()
      .fetchQuery(getMeQueryOptions())
      .catch(() => null),
    new Promise((resolve) => setTimeout(resolve, FIRST_FRAME_ME_WAIT_MS)),
  ]).then(() => startTransition(() => root.render(withFirstFrameGone(app, container))));
});

/** How long the first render over a first frame waits for /me before it goes without it. */
const FIRST_FRAME_ME_WAIT_MS = 3_000;

/**
 * The first frame (the device's copy or the server's) is gone once the app first commits: React
 * replaces what #root held. Its marks go with it, so the page says the live app is up (the taps kept
 * on quick log wait for its screen, which takes them as it commits: web/lib/start-snapshot.ts).
 */
function withFirstFrameGone(app: ReactNode, container: HTMLElement): ReactNode {
  function FirstFrameGone() {
    useLayoutEffect(() => {
      container.removeAttribute(START_SNAPSHOT_ATTRIBUTE);
      container.removeAttribute(START_FRAME_MEMBER_ATTRIBUTE);
      container.removeAttribute(START_FRAME_LANGUAGE_ATTRIBUTE);
    }, []);
    return null;
  }
  return (
    <>
      <FirstFrameGone />
      {app}
    </>
  );
}
