import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { computeLocalDate } from '@core/period';
import { Toaster } from '@web/components/ui/toaster';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestActivity } from '@web/test/fixtures';
import { renderWithProviders } from '@web/test/render-with-providers';
import { stubFetch } from '@web/test/stub-fetch';
import { useActivityToasts } from './toasts';

afterEach(() => dismissAllToasts());

function Logged({ localDate, loggedLate }: { localDate: string; loggedLate: boolean }) {
  const { showLogged } = useActivityToasts();
  return (
    <>
      <button
        type="button"
        onClick={() => showLogged(makeTestActivity({ type: 'meeting', kind: 'meeting', localDate, loggedLate, pointsEarned: 3 }))}
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
});
