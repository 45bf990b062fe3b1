import { AVATAR_UPLOAD_MAX_BYTES, type ProfileSettings } from '@core/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@web/components/ui/toaster';
import { i18n } from '@web/i18n';
import { queryKeys } from '@web/lib/query-keys';
import { findToast, dismissAllToasts } from '@web/test/find-toast';
import { recordInvalidations } from '@web/test/record-invalidations';
import { renderWithProviders } from '@web/test/render-with-providers';
import { type RecordedCall, reply, type StubReply, stubFetch } from '@web/test/stub-fetch';
import { PersonalSettings } from './personal-settings';

const OWN_PATH = '/api/v1/avatars/5f0c2c1e-8d3b-4a57-9e11-2b7c1a0d9e33';

const profile = (over: Partial<ProfileSettings> = {}): ProfileSettings => ({
  displayName: 'Rita Rep',
  avatarUrl: null,
  email: 'rita@example.com',
  language: null,
  digestOptOut: false,
  ...over,
});

const png = (size = 2048) => new File([new Uint8Array(size)], 'rita.png', { type: 'image/png' });

/** Personal settings as a member sees it, with the profile already loaded and our API answering as given. */
function renderPersonal(answers: Record<string, StubReply | ((call: RecordedCall) => Promise<StubReply>)>, current = profile()) {
  const calls = stubFetch(answers);
  const view = renderWithProviders(
    <>
      <PersonalSettings />
      <Toaster />
    </>,
    { seed: (client) => client.setQueryData(queryKeys.settings.profile, current) },
  );
  return { calls, ...view };
}

/** The hidden file input behind "Upload picture" (a person reaches it through the button). */
const fileInput = () => screen.getByLabelText('Upload picture', { selector: 'input' }) as HTMLInputElement;

beforeEach(() => {
  void i18n.changeLanguage('en');
  // jsdom has no blob: URLs; the preview only needs a stable one.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => {
  dismissAllToasts();
  vi.unstubAllGlobals();
});

describe('the profile picture on Personal settings', () => {
  it('previews the chosen picture, uploads it with a spinner, and shows it everywhere at once', async () => {
    let answer!: (reply: StubReply) => void;
    const { calls, queryClient } = renderPersonal({ 'PUT /api/v1/me/avatar': () => new Promise((resolve) => (answer = resolve)) });
    const invalidated = recordInvalidations(queryClient);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByText(/PNG, JPEG, WebP or GIF, up to 2 MB/)).toBeInTheDocument();

    await user.upload(fileInput(), png());
    expect(screen.getByText(/Preview: this is how your picture will look/)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/me/avatar')).toBe(false); // nothing sent before Save

    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByTestId('picture-busy')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/v1/me/avatar');
    expect(put.headers.get('content-type')).toBe('image/png');

    answer(reply(200, { avatarUrl: OWN_PATH }));
    await findToast('Profile picture updated');
    expect(await screen.findByRole('button', { name: 'Change picture' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.queryByTestId('picture-busy')).not.toBeInTheDocument();
    expect(queryClient.getQueryData<ProfileSettings>(queryKeys.settings.profile)?.avatarUrl).toBe(OWN_PATH);
    // The shell (/me), member lists and every board refetch.
    expect(invalidated).toEqual(expect.arrayContaining(['me', 'company', 'scoreboard']));
  });

  it('Cancel drops the preview without sending anything', async () => {
    const { calls } = renderPersonal({});
    const user = userEvent.setup();
    await user.upload(fileInput(), png());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/v1/me/avatar')).toBe(false);
  });

  it('refuses a file over 2 MB and a file that is not a picture before sending them', async () => {
    const { calls } = renderPersonal({});
    const user = userEvent.setup({ applyAccept: false }); // "All files" in the browser's picker
    await user.upload(fileInput(), png(AVATAR_UPLOAD_MAX_BYTES + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('This picture is too large. Choose one of at most 2 MB.');
    await user.upload(fileInput(), new File(['notes'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This file is not a picture we can use. Choose a PNG, JPEG, WebP or GIF image.');
    await user.upload(fileInput(), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(screen.getByRole('alert')).toHaveTextContent('not a picture we can use');
    expect(calls.some((c) => c.path === '/api/v1/me/avatar')).toBe(false);
    // The error is read out with the button that opens the picker.
    expect(screen.getByRole('button', { name: 'Upload picture' })).toHaveAccessibleDescription(/This file is not a picture we can use/);
  });

  it('explains the server’s refusal in Norwegian', async () => {
    await i18n.changeLanguage('nb');
    renderPersonal({
      'PUT /api/v1/me/avatar': async () =>
        reply(400, { error: { code: 'invalid_image', message: 'The file is not a picture we can read.' } }),
    });
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Last opp bilde', { selector: 'input' }), png());
    await user.click(screen.getByRole('button', { name: 'Lagre bildet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Filen er ikke et bilde vi kan bruke.');
    expect(screen.getByRole('button', { name: 'Last opp bilde' })).toBeInTheDocument();
  });

  it('says when the upload failed for another reason', async () => {
    renderPersonal({ 'PUT /api/v1/me/avatar': async () => reply(500, { error: { code: 'internal', message: 'Something went wrong.' } }) });
    const user = userEvent.setup();
    await user.upload(fileInput(), png());
    await user.click(screen.getByRole('button', { name: 'Save picture' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture could not be saved. Please try again.');
    expect(screen.getByRole('button', { name: 'Save picture' })).toBeEnabled(); // try again
  });

  it('removes the picture, and the initial shows again', async () => {
    const { calls } = renderPersonal({ 'DELETE /api/v1/me/avatar': reply(200, { avatarUrl: null }) }, profile({ avatarUrl: OWN_PATH }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await findToast('Profile picture removed');
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/v1/me/avatar')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Upload picture' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(screen.getByText('R')).toBeInTheDocument();
  });

  it('opens the file picker from the keyboard; the picker takes only picture types', async () => {
    renderPersonal({});
    const user = userEvent.setup();
    const input = fileInput();
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/gif');
    const opened = vi.spyOn(input, 'click');
    const button = screen.getByRole('button', { name: 'Upload picture' });
    // Edit (the card's header) comes first, then the picture's button; the hidden input is skipped.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveFocus();
    await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(opened).toHaveBeenCalled());
  });
});
