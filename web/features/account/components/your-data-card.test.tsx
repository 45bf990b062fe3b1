import type { AccountDeletionPlan, Me } from '@core/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { makeTestMe, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { YourDataCard } from './your-data-card';

const plan = (over: Partial<AccountDeletionPlan> = {}): AccountDeletionPlan => ({
  confirmWith: 'password',
  company: { name: 'Fjordsalg AS', outcome: 'kept' },
  blockedBy: null,
  ...over,
});

function renderCard(ui: ReactElement, me: Me = makeTestMe()) {
  return renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        {ui}
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
    { me },
  );
}

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('Your data: download', () => {
  it('downloads the file the server names, and says so', async () => {
    const requested: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request | URL | string) => {
        requested.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return new Response('{"format":"dealboard.personal-data"}', {
          status: 200,
          headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="dealboard-data-2026-11-24.json"' },
        });
      }),
    );
    const saved: string[] = [];
    // jsdom has no object URLs: give the file a stand-in address for the moment of the click.
    const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = () => 'blob:file';
    URL.revokeObjectURL = () => undefined;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderCard(<YourDataCard onDeleted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const toast = await findToast('Your data is downloaded');
    expect(toast.description).toEqual(['Saved as dealboard-data-2026-11-24.json.']);
    expect(requested).toContain('/api/v1/me/data');
    expect(saved).toEqual(['dealboard-data-2026-11-24.json']);
    click.mockRestore();
    Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
  });

  it('says why a download failed', async () => {
    stubFetch({ 'GET /api/v1/me/data': reply(401, { error: { code: 'unauthorized', message: 'Sign in to continue.' } }) });
    const user = userEvent.setup();
    renderCard(<YourDataCard onDeleted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    const toast = await findToast('Could not download your data');
    expect(toast.description).toEqual(['Sign in to continue.']);
  });
});

describe('Your data: delete my account', () => {
  it('says what goes and what stays, asks for the password, shows a wrong one under the field, then deletes', async () => {
    let attempts = 0;
    const calls = stubFetch({
      'GET /api/v1/me/account-deletion': reply(200, plan()),
      'DELETE /api/v1/me': () =>
        ++attempts === 1
          ? reply(400, { error: { code: 'wrong_password', message: 'That is not your current password.', details: { password: 'x' } } })
          : reply(200, { ok: true }),
    });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderCard(<YourDataCard onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete my account...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const field = await within(dialog).findByLabelText('Your current password');
    expect(dialog).toHaveTextContent('Your name, e-mail address and password');
    expect(dialog).toHaveTextContent('stay in Fjordsalg AS\'s totals and past boards under "Former member"');
    expect(field).toHaveAttribute('type', 'password');
    expect(field).toHaveAttribute('autocomplete', 'current-password');

    // Empty: asked for, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter your current password.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.type(field, 'wrong-one{Enter}');
    expect(await within(dialog).findByText('That is not your current password.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onDeleted).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, 'the-right-long-password{Enter}');
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { password: 'wrong-one' },
      { password: 'the-right-long-password' },
    ]);
  });

  it('an account without a password types its e-mail; the only member is told the company goes too', async () => {
    const calls = stubFetch({
      'GET /api/v1/me/account-deletion': reply(200, plan({ confirmWith: 'email', company: { name: 'Fjordsalg AS', outcome: 'deleted' } })),
      'DELETE /api/v1/me': reply(200, { ok: true }),
    });
    const onDeleted = vi.fn();
    const user = userEvent.setup();
    renderCard(<YourDataCard onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: 'Delete my account...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const field = await within(dialog).findByLabelText('Your e-mail address');
    expect(dialog).toHaveTextContent('type rita@example.com to confirm');
    expect(dialog).toHaveTextContent(
      'You are the only member of Fjordsalg AS, so the company and all its data are deleted with your account.',
    );
    await user.type(field, 'rita@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ email: 'rita@example.com' });
  });

  it('the only admin of a company with members is sent to make another admin first, with no way to delete', async () => {
    stubFetch({ 'GET /api/v1/me/account-deletion': reply(200, plan({ blockedBy: 'last_admin' })) });
    const user = userEvent.setup();
    renderCard(<YourDataCard onDeleted={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete my account...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(await within(dialog).findByText('Make another admin first')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('You are the only admin of Fjordsalg AS');
    expect(within(dialog).queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Go to Administration, Users' })).toHaveAttribute('href', '/app/admin/users');
  });

  it('speaks Norwegian', async () => {
    await i18n.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/me/account-deletion': reply(200, plan()) });
    const user = userEvent.setup();
    renderCard(<YourDataCard onDeleted={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Dine data' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Slett kontoen min...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette kontoen din?' });
    expect(await within(dialog).findByLabelText('Nåværende passord')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('«Tidligere medlem»');
  });
});
