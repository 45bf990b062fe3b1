import { screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityTypeList } from '@core/contracts';
import { computeLocalDate } from '@core/period';
import { Toaster } from '@web/components/ui/toaster';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestActivity } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { stubFetch } from '@web/test/stub-fetch';
import { queryKeys } from '@web/lib/query-keys';
import { useActivityToasts } from './toasts';

afterEach(() => dismissAllToasts());

/** A company that renamed its held meetings "Demo" (decision 116). */
const withMeetingNamedDemo = (client: QueryClient) =>
  client.setQueryData(queryKeys.activityTypes, {
    types: [],
    myUse: {},
    builtIn: [],
    renamedKinds: [{ key: 'meeting', names: { en: 'Demo' } }],
  } satisfies ActivityTypeList);

function Logged({ localDate, loggedLate, dailyBonus = false }: { localDate: string; loggedLate: boolean; dailyBonus?: boolean }) {
  const { showLogged } = useActivityToasts();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          showLogged(
            makeTestActivity({ type: 'meeting', kind: 'meeting', localDate, loggedLate, pointsEarned: dailyBonus ? 13 : 3, dailyBonus }),
          )
        }
      >
        Log
      </button>
      <Toaster />
    </>
  );
}

describe('the logged toast', () => {
  it('says the day a log for an earlier day went to, which today’s list does not show; not for today', async () => {
    stubFetch();
    const user = userEvent.setup();
    const today = computeLocalDate(new Date(), 'Europe/Oslo');
    const { unmount } = renderWithProviders(<Logged localDate="2026-11-27" loggedLate />);
    await user.click(screen.getByRole('button', { name: 'Log' }));
    expect((await findToast('Meeting logged')).description.join(' ')).toMatch(/^For Friday 27 November · /);
    unmount();
    dismissAllToasts();

    renderWithProviders(<Logged localDate={today} loggedLate={false} />);
    await user.click(screen.getByRole('button', { name: 'Log' }));
    expect((await findToast('Meeting logged')).description.join(' ')).not.toMatch(/^For /);
  });

  it('says the one that brought the day to its number earned the daily bonus; a renamed kind by its name (decision 116)', async () => {
    stubFetch();
    const user = userEvent.setup();
    renderWithProviders(<Logged localDate={computeLocalDate(new Date(), 'Europe/Oslo')} loggedLate={false} dailyBonus />, {
      seed: withMeetingNamedDemo,
    });
    await user.click(screen.getByRole('button', { name: 'Log' }));
    expect((await findToast('Demo logged')).description.join(' ')).toBe('Recorded for today · +13 pts · Daily bonus');
  });

  it('does not say "for today" of a renamed kind logged for an earlier day', async () => {
    stubFetch();
    const user = userEvent.setup();
    renderWithProviders(<Logged localDate="2026-11-27" loggedLate />, {
      seed: withMeetingNamedDemo,
    });
    await user.click(screen.getByRole('button', { name: 'Log' }));
    expect((await findToast('Demo logged')).description.join(' ')).toBe('For Friday 27 November · Recorded · +3 pts');
  });
});
