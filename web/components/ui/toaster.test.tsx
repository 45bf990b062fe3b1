import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@web/i18n';
import { dismissAllToasts, findToast } from '@web/test/find-toast';
import { renderWithProviders } from '@web/test/render-with-providers';
import { toast, Toaster } from './toaster';

afterEach(async () => {
  dismissAllToasts();
  await i18n.changeLanguage('en');
});

describe('the toasts', () => {
  it.each([
    ['en', 'Close notification', /^Notifications/],
    ['nb', 'Lukk varselet', /^Varsler/],
  ] as const)('name their close button and their region in the reader’s language (%s)', async (language, close, region) => {
    await i18n.changeLanguage(language);
    renderWithProviders(<Toaster />);
    toast.success('Call saved');
    const { element } = await findToast('Call saved');
    expect(screen.getByRole('region', { name: region })).toContainElement(element);
    // From the keyboard (jsdom has no pointer capture, which sonner's swipe asks for on a pointer press).
    screen.getByRole('button', { name: close }).focus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => screen.queryByText('Call saved')).toBeNull();
  });
});
