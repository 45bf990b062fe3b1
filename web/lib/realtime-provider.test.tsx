import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeProvider } from './realtime-provider';
import { recordInvalidations } from '@web/test/record-invalidations';

/** jsdom has no EventSource; the provider opens one, which stays silent here. */
class SilentEventSource extends EventTarget {
  static readonly CLOSED = 2;
  readyState = 0;
  close() {}
}

let queryClient: QueryClient;
let invalidated: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.stubGlobal('EventSource', SilentEventSource);
  queryClient = new QueryClient();
  invalidated = recordInvalidations(queryClient);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderProvider(timeZone?: string) {
  return render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider timeZone={timeZone}>
        <p>board</p>
      </RealtimeProvider>
    </QueryClientProvider>,
  );
}

describe('RealtimeProvider at the company midnight', () => {
  it('refreshes every live view just after midnight in the company time zone, and again the next night', async () => {
    vi.setSystemTime(new Date('2026-11-20T22:59:00Z')); // 23:59 in Oslo
    const view = renderProvider('Europe/Oslo');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(invalidated).toEqual([]); // midnight, but the margin has not passed
    await vi.advanceTimersByTimeAsync(2_500);
    expect(invalidated).toEqual(expect.arrayContaining(['scoreboard', 'activities', 'my-stats', 'wrapups']));
    invalidated.length = 0;
    await vi.advanceTimersByTimeAsync(23 * 3_600_000);
    expect(invalidated).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(invalidated).toContain('scoreboard');
    view.unmount();
  });

  it('follows the company time zone, not the browser clock: 23:59 in London is 00:59 in Oslo', async () => {
    vi.setSystemTime(new Date('2026-11-20T23:59:00Z'));
    renderProvider('Europe/London');
    await vi.advanceTimersByTimeAsync(62_500);
    expect(invalidated).toContain('scoreboard');
  });

  it('stops when it leaves the screen', async () => {
    vi.setSystemTime(new Date('2026-11-20T22:59:00Z'));
    renderProvider('Europe/Oslo').unmount();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(invalidated).toEqual([]);
  });
});
