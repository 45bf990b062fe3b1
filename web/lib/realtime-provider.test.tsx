import '@web/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeProvider, useRealtimeStatus } from './realtime-provider';
import { recordInvalidations } from '@web/test/record-invalidations';

/** jsdom has no EventSource; the provider opens one, which stays silent unless a test speaks for the server. */
class SilentEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: SilentEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    SilentEventSource.opened.push(this);
  }
  close() {
    this.readyState = SilentEventSource.CLOSED;
  }
}

let queryClient: QueryClient;
let invalidated: string[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  SilentEventSource.opened = [];
  vi.stubGlobal('EventSource', SilentEventSource);
  queryClient = new QueryClient();
  invalidated = recordInvalidations(queryClient);
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
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

describe('RealtimeProvider when a newer stream takes its place', () => {
  const replace = (source: SilentEventSource) =>
    act(() => {
      source.dispatchEvent(new MessageEvent('replaced', { data: JSON.stringify({ reason: 'limit', limit: 10 }) }));
    });

  it('says calmly that live updates moved, and "Watch live here" reconnects and refreshes what is shown', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider>
          <p>board</p>
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    const first = SilentEventSource.opened[0]!;
    replace(first);
    expect(first.readyState).toBe(SilentEventSource.CLOSED);
    expect(screen.getByRole('status')).toHaveTextContent('Live updates moved to your newer tab or device.');
    expect(screen.getByText('board')).toBeInTheDocument(); // the screen stays; only the live part paused
    await vi.advanceTimersByTimeAsync(120_000);
    expect(SilentEventSource.opened).toHaveLength(1); // it does not fight back

    fireEvent.click(screen.getByRole('button', { name: 'Watch live here' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(SilentEventSource.opened).toHaveLength(2);
    expect(invalidated).toEqual(expect.arrayContaining(['scoreboard', 'activities', 'me']));
  });

  it('on a display link’s TV, in Norwegian, says the board still refreshes every minute', async () => {
    await i18n.changeLanguage('nb');
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider url="/api/v1/display/tok/events" viewer="screen">
          <p>tavle</p>
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    replace(SilentEventSource.opened[0]!);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Direkteoppdateringene er flyttet til en nyere skjerm som viser denne lenken. Denne tavlen oppdateres fortsatt hvert minutt.',
    );
    expect(screen.getByRole('button', { name: 'Følg direkte her' })).toBeInTheDocument();
  });
});

describe('RealtimeProvider status', () => {
  function Status() {
    return <p data-testid="status">{useRealtimeStatus()}</p>;
  }

  it("says it is reconnecting when the network goes before the stream's first 'ready', and not once it is back", () => {
    // A wall opens its stream once its board has come: cut off in between, it still shows numbers that no longer move.
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider url="/api/v1/display/tok/events" viewer="screen">
          <Status />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('status')).toHaveTextContent('connecting');
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('status')).toHaveTextContent('reconnecting');
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.getByTestId('status')).not.toHaveTextContent('reconnecting');
    act(() => void SilentEventSource.opened.at(-1)!.dispatchEvent(new MessageEvent('ready', { data: '{}' })));
    expect(screen.getByTestId('status')).toHaveTextContent('live');
  });
});
