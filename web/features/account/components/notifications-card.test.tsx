import type { PushSettings } from '@core/contracts';
import { DEFAULT_PUSH_PREFERENCES } from '@core/push';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { dismissAllToasts } from '@web/test/find-toast';
import { renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { NotificationsCard } from './notifications-card';

const settings = (over: Partial<PushSettings['preferences']> = {}): PushSettings => ({
  preferences: { ...DEFAULT_PUSH_PREFERENCES, ...over },
  devices: [{ id: 'd1', label: 'Chrome · Android', createdAt: '2026-11-20T10:00:00.000Z' }],
});

function renderCard(saved: PushSettings) {
  const calls = stubFetch({ 'PUT /api/v1/me/push/preferences': async (call) => reply(200, { ...saved, preferences: call.body }) });
  renderWithProviders(
    <>
      <NotificationsCard />
      <Toaster />
    </>,
    { seed: (client) => client.setQueryData(queryKeys.settings.push, saved) },
  );
  return calls;
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => dismissAllToasts());

describe('the Notifications card on Personal settings', () => {
  it('says when this browser cannot get push, and still lists the devices that do', async () => {
    renderCard(settings());
    expect(await screen.findByText('This browser cannot get push notifications')).toBeInTheDocument();
    expect(screen.getByText('Push is on for 1 device')).toBeInTheDocument();
    expect(screen.getByText(/Chrome · Android, since/)).toBeInTheDocument();
  });

  it('a switch saves at once; the reminder shows its time; quiet hours start at 22:00 to 07:00', async () => {
    const calls = renderCard(settings());
    const user = userEvent.setup();
    expect(screen.getByRole('switch', { name: 'I earn a badge' })).toBeChecked();
    expect(screen.queryByLabelText('Remind me at')).not.toBeInTheDocument();

    await user.click(screen.getByRole('switch', { name: 'Remind me to write my wrap-up' }));
    expect(await screen.findByLabelText('Remind me at')).toHaveValue('16:00');
    expect(calls.at(-1)!.body).toMatchObject({ wrapupReminder: true, reminderTime: '16:00' });

    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    expect(await screen.findByLabelText('From')).toHaveValue('22:00');
    expect(calls.at(-1)!.body).toMatchObject({ wrapupReminder: true, quietFrom: '22:00', quietTo: '07:00' });
  });

  it("takes a time typed on the app's 24-hour clock ('2130' is 21:30), whatever clock the browser uses, and saves it when left", async () => {
    const calls = renderCard(settings({ quietFrom: '22:00', quietTo: '07:00' }));
    const user = userEvent.setup();
    const from = await screen.findByLabelText('From');
    expect(from).toHaveValue('22:00');
    await user.clear(from);
    await user.type(from, '2130');
    await user.tab();
    expect(from).toHaveValue('21:30');
    expect(calls.at(-1)!.body).toMatchObject({ quietFrom: '21:30', quietTo: '07:00' });

    // Not a time: nothing is saved, and the field keeps what was typed and says what to type.
    const before = calls.length;
    await user.clear(from);
    await user.type(from, '25');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(calls).toHaveLength(before);
    expect(from).toHaveValue('25');
    expect(from).toHaveAccessibleDescription('Type a time such as 09:30 or 2130.');
    await user.clear(from);
    await user.type(from, '2200');
    await user.tab();
    expect(from).not.toHaveAttribute('aria-invalid');
    expect(calls.at(-1)!.body).toMatchObject({ quietFrom: '22:00' });
  });

  it('quiet hours turned off and on again come back as they were, not at 22:00', async () => {
    const calls = renderCard(settings({ quietFrom: '21:00', quietTo: '06:30' }));
    const user = userEvent.setup();
    const quiet = screen.getByRole('switch', { name: 'Quiet hours' });
    await user.click(quiet);
    expect(calls.at(-1)!.body).toMatchObject({ quietFrom: null, quietTo: null });
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    await user.click(quiet);
    expect(await screen.findByLabelText('From')).toHaveValue('21:00');
    expect(screen.getByLabelText('To')).toHaveValue('06:30');
    expect(calls.at(-1)!.body).toMatchObject({ quietFrom: '21:00', quietTo: '06:30' });
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderCard(settings({ wrapupComment: false }));
    expect(await screen.findByText('Denne nettleseren kan ikke få pushvarsler')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Noen kommenterer dagsoppsummeringen min' })).not.toBeChecked();
  });
});
