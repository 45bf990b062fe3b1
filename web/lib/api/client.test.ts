import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { api, fetchApiFile } from './client';
import { ApiRequestError } from './errors';
import { apiUrl } from './url';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

async function failure(call: Promise<unknown>): Promise<ApiRequestError> {
  const error = await call.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

const lastAdmin = reply(409, {
  error: {
    code: 'last_admin',
    message: "Kari is the company's only admin, so they cannot stop being admin. Make another member admin first.",
  },
});

describe('API refusals, in the reader’s language', () => {
  it('English screens show the server’s own, most specific words, with the code and status', async () => {
    stubFetch({ 'GET /api/v1/team/members': lastAdmin });
    const error = await failure(api.GET('/api/v1/team/members'));
    expect(error).toMatchObject({ status: 409, code: 'last_admin' });
    expect(error.message).toBe("Kari is the company's only admin, so they cannot stop being admin. Make another member admin first.");
  });

  it('Norwegian screens show the catalog’s text for the code, never the English sentence', async () => {
    await i18next.changeLanguage('nb');
    stubFetch({
      'GET /api/v1/team/members': lastAdmin,
      'POST /api/v1/customers': reply(409, { error: { code: 'customer_exists', message: 'A customer named "Acme" already exists.' } }),
    });
    expect((await failure(api.GET('/api/v1/team/members'))).message).toBe(
      'Selskapet må ha minst én administrator. Gjør et annet medlem til administrator først.',
    );
    const duplicate = await failure(api.POST('/api/v1/customers', { body: { name: 'Acme' } }));
    expect(duplicate.message).toBe('Det finnes allerede en kunde med dette navnet.');
  });

  it('an unknown code gets a generic text with the status, in Norwegian too', async () => {
    await i18next.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/me': reply(418, { error: { code: 'teapot', message: 'I am a teapot' } }) });
    expect((await failure(api.GET('/api/v1/me'))).message).toBe('Forespørselen feilet (418). Prøv igjen.');
  });

  it('an answer that is not the error shape (a proxy’s page) still carries its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } })),
    );
    expect(await failure(api.GET('/api/v1/me'))).toMatchObject({
      status: 502,
      code: 'http_error',
      message: 'The request failed (502). Please try again.',
    });
  });

  it('a field refusal keeps its details for the form', async () => {
    stubFetch({
      'POST /api/v1/customers': reply(400, { error: { code: 'invalid_input', message: 'name: Required', details: { name: 'Required' } } }),
    });
    expect(await failure(api.POST('/api/v1/customers', { body: { name: '' } }))).toMatchObject({
      status: 400,
      code: 'invalid_input',
      details: { name: 'Required' },
    });
  });

  it('a server that cannot be reached is said so, in the reader’s language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await failure(api.GET('/api/v1/me'))).toMatchObject({
      status: 0,
      code: 'network',
      message: 'Could not reach the server. Check your connection and try again.',
    });
    await i18next.changeLanguage('nb');
    expect((await failure(api.GET('/api/v1/me'))).message).toBe('Får ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.');
  });
});

describe('API requests', () => {
  it('send the session cookie, the screen’s language and JSON bodies, and answer the data', async () => {
    await i18next.changeLanguage('nb');
    const calls = stubFetch({ 'POST /api/v1/invitations/magic-link': reply(200, { sent: true }) });
    const fetchSpy = vi.mocked(fetch);
    await expect(api.POST('/api/v1/invitations/magic-link', { body: { code: 'abc', email: 'kari@example.com' } })).resolves.toEqual({
      sent: true,
    });
    const [request] = fetchSpy.mock.calls[0]! as [Request];
    expect(request.credentials).toBe('same-origin');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/invitations/magic-link',
      body: { code: 'abc', email: 'kari@example.com' },
    });
    expect(calls[0]!.headers.get('x-dealboard-language')).toBe('nb');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
  });

  it('leave out absent and empty query values, and encode path parameters', async () => {
    const calls = stubFetch();
    await api.GET('/api/v1/customers', { params: { query: { search: '' } } });
    await api.GET('/api/v1/scoreboard/leaderboard', { params: { query: { period: 'week', sort: 'points', limit: undefined } } });
    await api.GET('/api/v1/invitations/preview/{code}', { params: { path: { code: 'a/b c' } } });
    expect(calls.map((c) => `${c.path}${c.search}`)).toEqual([
      '/api/v1/customers',
      '/api/v1/scoreboard/leaderboard?period=week&sort=points',
      '/api/v1/invitations/preview/a%2Fb%20c',
    ]);
  });

  it('omit the cookie when a call says so (a display link’s board)', async () => {
    stubFetch();
    await api.GET('/api/v1/display/{token}/leaderboard', { params: { path: { token: 't1' } }, credentials: 'omit' });
    expect((vi.mocked(fetch).mock.calls[0]![0] as Request).credentials).toBe('omit');
  });

  it('send a picture as it is, with its own type', async () => {
    const calls = stubFetch({ 'PUT /api/v1/me/avatar': reply(200, { avatarUrl: '/api/v1/avatars/1' }) });
    const picture = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await expect(api.PUT('/api/v1/me/avatar', { body: picture, headers: { 'content-type': picture.type } })).resolves.toEqual({
      avatarUrl: '/api/v1/avatars/1',
    });
    expect(calls[0]!.headers.get('content-type')).toBe('image/png');
    // (jsdom's Blob cannot be read back through Node's Request; e2e/avatars.e2e.ts sends real bytes.)
  });

  it('fetch a file with the name the server gives it, or refuse like any call', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"format":"x"}', {
            headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="dealboard-data.json"' },
          }),
      ),
    );
    const file = await fetchApiFile('/api/v1/me/data');
    expect(file.fileName).toBe('dealboard-data.json');
    expect(await file.blob.text()).toBe('{"format":"x"}');
    stubFetch({
      'GET /api/v1/team/members/{userId}/data': reply(404, {}),
      'GET /api/v1/team/members/u1/data': reply(404, { error: { code: 'not_found', message: 'No such member in your company' } }),
    });
    expect(await failure(fetchApiFile('/api/v1/team/members/{userId}/data', { params: { path: { userId: 'u1' } } }))).toMatchObject({
      status: 404,
      message: 'No such member in your company',
    });
  });

  it('build an endpoint’s address from its path, for a stream or a form', () => {
    expect(apiUrl('/api/v1/events')).toBe('/api/v1/events');
    expect(apiUrl('/api/v1/display/{token}/events', { token: 'a/b' })).toBe('/api/v1/display/a%2Fb/events');
    expect(apiUrl('/api/v1/contact')).toBe('/api/v1/contact');
  });
});

describe('the typed client', () => {
  it('does not type-check what the routes do not have (checked by tsc; nothing is sent)', () => {
    const notCalled = [
      // @ts-expect-error no such path
      () => api.GET('/api/v1/nope'),
      // @ts-expect-error the path doubled, as a client with the wrong server URL would call it
      () => api.GET('/api/v1/api/v1/me'),
      // @ts-expect-error GET only: the profile is changed with PATCH
      () => api.POST('/api/v1/me/profile', { body: {} }),
      // @ts-expect-error the body is required
      () => api.POST('/api/v1/activities'),
      // @ts-expect-error not a period the leaderboard knows
      () => api.GET('/api/v1/scoreboard/leaderboard', { params: { query: { period: 'decade' } } }),
      // @ts-expect-error the path parameter is required
      () => api.DELETE('/api/v1/activities/{id}', {}),
      // @ts-expect-error the answer is a KPI rule list, not an array
      async () => (await api.GET('/api/v1/kpi-rules')).map((rule: unknown) => rule),
    ];
    expect(notCalled).toHaveLength(7);
  });
});
