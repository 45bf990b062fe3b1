import { afterEach, describe, expect, it, vi } from 'vitest';
import { getPageQueryClient } from '@web/lib/query-client';
import { makeTestMe } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { preloadRoutes } from './router';

/*
 * The page's first screen asks for its answers as its code comes in (decision 085), but only for
 * a member of a company: anyone else would get refusals, each one a console error.
 */

afterEach(() => {
  getPageQueryClient().clear();
  vi.unstubAllGlobals();
});

const asked = (calls: { path: string }[]) => calls.map((call) => call.path).filter((path) => path !== '/api/v1/me');

/**
 * How long the screens' code may take to come in: here each route module is transformed on first
 * import, which on a busy two-core machine took over the default second (the browser's bundle takes
 * a few milliseconds). Only the time to load code, not to decide what to ask.
 */
const CODE_LOADED = { timeout: 15_000 };

describe("the first screen's answers", () => {
  it("are asked for the dashboard of a company's member, before anything renders", async () => {
    const calls = stubFetch({ 'GET /api/v1/me': reply(200, makeTestMe()) });
    preloadRoutes({ pathname: '/app', search: '' }, { withData: true });
    await vi.waitFor(
      () =>
        expect(asked(calls)).toEqual(
          expect.arrayContaining(['/api/v1/scoreboard/kpis', '/api/v1/scoreboard/leaderboard', '/api/v1/feed', '/api/v1/badges/recent']),
        ),
      CODE_LOADED,
    );
  });

  it('are not asked for someone signed out, nor on a first visit before the membership exists', async () => {
    for (const me of [null, { ...makeTestMe(), profile: null, company: null }]) {
      getPageQueryClient().clear();
      const calls = stubFetch({ 'GET /api/v1/me': reply(200, me) });
      preloadRoutes({ pathname: '/app', search: '' }, { withData: true });
      await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/v1/me'), CODE_LOADED);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(asked(calls)).toEqual([]);
    }
  });
});
