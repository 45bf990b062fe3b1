import type { Me } from '@core/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { makeTestMe, makeTestMember, renderWithProviders } from '@web/test/render-with-providers';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { addPendingActivity } from '@web/features/activity/lib/offline-queue';
import { AppShell } from './app-shell';
import { SIDEBAR_COOKIE } from './sidebar-state';

/** jsdom has no EventSource; the shell's live stream opens one, which stays silent here. */
class SilentEventSource extends EventTarget {
  static readonly CLOSED = 2;
  readyState = 0;
  close() {}
}

/** jsdom never loads images; this one has loaded by the time anyone looks (Radix Avatar checks `complete`). */
class LoadedImage extends EventTarget {
  complete = true;
  naturalWidth = 64;
  src = '';
  referrerPolicy = '';
  crossOrigin: string | null = null;
}

/** A viewport of this width (the shell asks matchMedia whether it is under 768 px). */
function stubViewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width < 768 && query.includes('max-width'),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

function makeMe(profile: Partial<Me['profile'] & object> = {}): Me {
  const me = makeTestMe();
  return { ...me, user: { ...me.user, email: 'olav@fjordsalg.no' }, profile: { ...me.profile!, ...profile } };
}

/** The same person as the company's admin, as /me says it (the profile's role and the onboarding's). */
function makeAdminMe(): Me {
  const me = makeMe({ role: 'admin' });
  return { ...me, onboarding: { ...me.onboarding, role: 'admin' } };
}

function renderShell(me: Me = makeMe(), answers: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({ 'GET /api/v1/me': reply(200, me), 'POST /api/auth/sign-out': reply(200, { success: true }), ...answers });
  const router = createMemoryRouter(
    [
      {
        path: '/app',
        element: <AppShell />,
        children: [
          { index: true, element: <h1>Team Dashboard</h1> },
          { path: 'activity', element: <h1>My Activity</h1> },
          { path: 'settings', element: <h1>Settings</h1> },
          { path: 'people/:userId', element: <h1>A person</h1> },
          {
            path: 'wrapup',
            element: (
              <>
                <h1>Daily Wrap-up</h1>
                <label>
                  Notes <textarea />
                </label>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/app'] },
  );
  const view = renderWithProviders(
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>,
    { me },
  );
  return { ...view, router, calls };
}

const sidebar = () => screen.getByRole('complementary');

beforeEach(() => {
  void i18n.changeLanguage('en');
  stubViewport(1280);
  vi.stubGlobal('EventSource', SilentEventSource);
});
afterEach(() => {
  document.cookie = `${SIDEBAR_COOKIE}=; path=/; max-age=0`;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the header', () => {
  it('starts with a link past the navigation to the screen, the first stop of the Tab key', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');
    expect(document.getElementById('main')?.tagName).toBe('MAIN');
  });

  it("'+ Log' goes to /app/activity", async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await user.click(screen.getByRole('link', { name: 'Log' }));
    expect(await screen.findByRole('heading', { name: 'My Activity' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/activity');
  });

  it("has the search box 'Search... (⌘K)' on a Mac, and names Ctrl+K elsewhere (the key the palette opens with there)", () => {
    const platform = vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    const mac = renderShell();
    expect(screen.getByRole('button', { name: 'Search... (⌘K)' })).toBeInTheDocument();
    mac.unmount();
    platform.mockReturnValue('Linux x86_64');
    renderShell();
    expect(screen.getByRole('button', { name: 'Search... (Ctrl+K)' })).toBeInTheDocument();
    platform.mockRestore();
  });
});

describe('the avatar menu', () => {
  it('shows the e-mail, Settings (which opens Settings) and Log out', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('olav@fjordsalg.no')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/settings');
  });

  it('Log out signs out', async () => {
    const user = userEvent.setup();
    const { calls } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/auth/sign-out')).toBe(true));
  });

  it('shows the avatar image when the profile has one', () => {
    vi.stubGlobal('Image', LoadedImage);
    renderShell(makeMe({ avatarUrl: 'https://cdn.example.com/olav.png' }));
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    expect(within(avatar).getByRole('presentation')).toHaveAttribute('src', 'https://cdn.example.com/olav.png');
    expect(within(avatar).queryByText('O')).not.toBeInTheDocument();
  });

  it("else the e-mail's first letter, upper-cased", () => {
    vi.stubGlobal('Image', LoadedImage);
    renderShell(makeMe({ avatarUrl: null }));
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    expect(avatar).toHaveTextContent(/^O$/);
    expect(within(avatar).queryByRole('presentation')).not.toBeInTheDocument();
  });
});

describe('the sidebar', () => {
  it('Ctrl+B and Cmd+B collapse and open it, and the choice outlives a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderShell();
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');

    await user.keyboard('{Control>}b{/Control}');
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=false`);

    unmount();
    renderShell();
    expect(sidebar()).toHaveAttribute('data-state', 'collapsed');

    await user.keyboard('{Meta>}b{/Meta}');
    expect(sidebar()).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain(`${SIDEBAR_COOKIE}=true`);
  });

  it('writes the cookie for 7 days', async () => {
    const written: string[] = [];
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      written.push(value);
      cookie.set!.call(document, value);
    });
    const user = userEvent.setup();
    renderShell();
    await user.keyboard('{Control>}b{/Control}');
    expect(written).toHaveLength(1);
    const attributes = written[0]!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toContain(`${SIDEBAR_COOKIE}=false`);
    expect(attributes).toContain(`max-age=${7 * 24 * 60 * 60}`);
    expect(attributes).toContain('path=/');
  });

  it('on a narrow screen Ctrl+B opens the navigation as a sheet', async () => {
    stubViewport(500);
    const user = userEvent.setup();
    renderShell();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Control>}b{/Control}');
    const sheet = await screen.findByRole('dialog');
    expect(within(sheet).getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(document.cookie).not.toContain(SIDEBAR_COOKIE);
  });
});

describe('keyboard shortcuts', () => {
  const where = (router: ReturnType<typeof renderShell>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

  it.each([
    ['c', '/app/activity?log=call'],
    ['m', '/app/activity?log=meeting'],
    ['s', '/app/activity?log=sale'],
  ])('%s opens its log dialog from any screen (%s)', async (key, expected) => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await screen.findByRole('heading', { name: 'Team Dashboard' });
    await user.keyboard(key);
    await waitFor(() => expect(where(router)).toBe(expected));
  });

  it('does nothing while the person types, nor with Ctrl or Cmd', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await router.navigate('/app/wrapup');
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    await user.type(notes, 'called Sam');
    expect(notes).toHaveValue('called Sam');
    await user.click(screen.getByRole('heading', { name: 'Daily Wrap-up' }));
    await user.keyboard('{Control>}c{/Control}{Meta>}s{/Meta}');
    expect(where(router)).toBe('/app/wrapup');
  });

  it('? lists the shortcuts, and no log key works while the list is open', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const [label, key] of [
      ['Log a call', 'C'],
      ['Log a meeting held', 'M'],
      ['Log a sale', 'S'],
      ['Show these shortcuts', '?'],
    ] as const) {
      expect(within(dialog).getByText(label).closest('div')).toHaveTextContent(`${label}${key}`);
    }
    await user.keyboard('c');
    expect(where(router)).toBe('/app');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('c');
    await waitFor(() => expect(where(router)).toBe('/app/activity?log=call'));
  });

  it('the command palette logs a call, a meeting and a sale, and opens the list of shortcuts', async () => {
    const user = userEvent.setup();
    const { router } = renderShell();
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Go to' });
    for (const name of ['Log a call', 'Log a meeting', 'Log a sale'])
      expect(within(palette).getByRole('option', { name })).toBeInTheDocument();
    expect(within(palette).getByRole('option', { name: 'Log a meeting' })).toHaveAttribute('aria-keyshortcuts', 'M');
    await user.click(within(palette).getByRole('option', { name: 'Log a meeting' }));
    await waitFor(() => expect(where(router)).toBe('/app/activity?log=meeting'));

    await user.keyboard('{Control>}k{/Control}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Go to' })).getByRole('option', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  const team = {
    'GET /api/v1/team/members': reply(200, {
      members: [
        makeTestMember({ userId: 'user-1', displayName: 'Olav Admin', email: 'olav@fjordsalg.no' }),
        makeTestMember({ id: 'p2', userId: 'user-2', displayName: 'Kari Nordmann', email: 'kari@fjordsalg.no', role: 'user' }),
        makeTestMember({ id: 'p3', userId: 'user-3', displayName: 'Per Hansen', email: 'ph@fjordsalg.no', role: 'user' }),
      ],
    }),
  };

  it("finds a person by name or e-mail for an admin, and opens their page; not before a letter is typed, and not the reader's own", async () => {
    const user = userEvent.setup();
    const { router } = renderShell(makeAdminMe(), team);
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Go to' });
    const input = await within(palette).findByPlaceholderText('Type a screen, an action or a name...');
    await user.type(input, 'kari');
    expect(await within(palette).findByRole('option', { name: /Kari Nordmann/ })).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: /Per Hansen/ })).not.toBeInTheDocument();
    // Nobody is listed without a letter typed: the screens and actions stay in view.
    await user.clear(input);
    expect(within(palette).queryByRole('option', { name: /Kari Nordmann/ })).not.toBeInTheDocument();
    expect(within(palette).getByRole('option', { name: 'Log a call' })).toBeInTheDocument();
    await user.type(input, 'ph@fjord');
    await user.click(await within(palette).findByRole('option', { name: /Per Hansen/ }));
    await waitFor(() => expect(where(router)).toBe('/app/people/user-3'));
    // Opened again, it starts empty; the reader is not among the people (My Activity is theirs).
    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Go to' });
    expect(within(again).getByRole('combobox')).toHaveValue('');
    await user.type(within(again).getByRole('combobox'), 'o');
    expect(await within(again).findByRole('option', { name: /Per Hansen/ })).toBeInTheDocument();
    expect(within(again).queryByRole('option', { name: /Olav Admin/ })).not.toBeInTheDocument();
  });

  it('tells two people of one name apart by their e-mail, and the arrow keys reach both', async () => {
    const user = userEvent.setup();
    const { router } = renderShell(makeAdminMe(), {
      'GET /api/v1/team/members': reply(200, {
        members: [
          makeTestMember({ id: 'p2', userId: 'user-2', displayName: 'Kari Nordmann', email: 'kari@fjordsalg.no', role: 'user' }),
          makeTestMember({ id: 'p3', userId: 'user-3', displayName: 'Kari Nordmann', email: 'kari.n@fjordsalg.no', role: 'user' }),
        ],
      }),
    });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Go to' });
    await user.type(await within(palette).findByPlaceholderText('Type a screen, an action or a name...'), 'kari');
    const options = await within(palette).findAllByRole('option', { name: /Kari Nordmann/ });
    expect(options.map((option) => option.textContent)).toEqual(['Kari Nordmannkari@fjordsalg.no', 'Kari Nordmannkari.n@fjordsalg.no']);
    expect(options.filter((option) => option.getAttribute('aria-selected') === 'true')).toHaveLength(1);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(where(router)).toBe('/app/people/user-3'));
  });

  it("offers a rep nobody's page, and the company's own types to log", async () => {
    const user = userEvent.setup();
    const { router, calls } = renderShell(makeMe(), {
      ...team,
      'GET /api/v1/activity-types': reply(200, {
        types: [
          {
            id: '5a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
            names: { en: 'Site visit', nb: 'Befaring' },
            icon: 'car',
            colour: 'amber',
            points: 3,
            outcomes: [],
            fields: [],
            celebrate: false,
            bonus: null,
            archivedAt: null,
          },
        ],
        myUse: {},
      }),
    });
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Go to' });
    const input = await within(palette).findByPlaceholderText('Type a screen or an action...');
    await user.type(input, 'kari');
    expect(await within(palette).findByText('Nothing matches.')).toBeInTheDocument();
    // A rep may open nobody's page but their own: the member list is not even asked for.
    expect(calls.some((call) => call.path === '/api/v1/team/members')).toBe(false);
    await user.clear(input);
    await user.click(await within(palette).findByRole('option', { name: 'Log site visit' }));
    await waitFor(() => expect(where(router)).toBe('/app/activity?log=type:5a1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d'));
  });
});

describe('logs made without a connection, on any screen', () => {
  it('the dashboard says the app is offline, and sends a log kept on this device once when the connection returns', async () => {
    const me = makeMe();
    await addPendingActivity({
      clientKey: 'kept-1',
      userId: me.user.id,
      body: { kind: 'call', answered: false, localDate: '2026-11-25', time: '09:15', clientKey: 'kept-1' },
      tappedAt: '2026-11-25T08:15:00.000Z',
      status: 'waiting',
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { calls } = renderShell(me, {
      'POST /api/v1/activities': (call) =>
        reply(201, {
          id: 'a1',
          kind: 'call',
          answered: false,
          localDate: '2026-11-25',
          clientKey: (call.body as { clientKey: string }).clientKey,
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Team Dashboard' })).toBeInTheDocument();
    // The count comes from IndexedDB a moment after the line itself (the line offers quick log until then).
    await waitFor(() =>
      expect(screen.getByText(/You are offline/).closest('[role="status"]')).toHaveTextContent(
        'You are offline: what you log is kept on this device and sent when the connection returns. 1 log waiting to sync',
      ),
    );
    expect(calls.filter((call) => call.path === '/api/v1/activities')).toEqual([]);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument());
    const posted = calls.filter((call) => call.method === 'POST' && call.path === '/api/v1/activities');
    expect(posted.map((call) => (call.body as { clientKey: string }).clientKey)).toEqual(['kept-1']);
  });
});
