import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@web/test/stub-fetch';
import { ApiRequestError, apiFetch } from './api';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

async function failure(path: string): Promise<ApiRequestError> {
  const error = await apiFetch(path).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

const lastAdmin = reply(409, { error: { code: 'last_admin', message: "Kari is the company's only admin, so they cannot stop being admin. Make another member admin first." } });

describe('apiFetch refusals, in the reader’s language', () => {
  it('English screens show the server’s own, most specific words, with the code and status', async () => {
    stubFetch({ 'GET /api/v1/team/members': lastAdmin });
    const error = await failure('/team/members');
    expect(error).toMatchObject({ status: 409, code: 'last_admin' });
    expect(error.message).toBe("Kari is the company's only admin, so they cannot stop being admin. Make another member admin first.");
  });

  it('Norwegian screens show the catalog’s text for the code, never the English sentence', async () => {
    await i18next.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/team/members': lastAdmin, 'POST /api/v1/customers': reply(409, { error: { code: 'customer_exists', message: 'A customer named "Acme" already exists.' } }) });
    expect((await failure('/team/members')).message).toBe('Selskapet må ha minst én administrator. Gjør et annet medlem til administrator først.');
    const duplicate = (await apiFetch('/customers', { method: 'POST', json: { name: 'Acme' } }).catch((e: unknown) => e)) as ApiRequestError;
    expect(duplicate.message).toBe('Det finnes allerede en kunde med dette navnet.');
  });

  it('an unknown code gets a generic text with the status, in Norwegian too', async () => {
    await i18next.changeLanguage('nb');
    stubFetch({ 'GET /api/v1/odd': reply(418, { error: { code: 'teapot', message: 'I am a teapot' } }) });
    expect((await failure('/odd')).message).toBe('Forespørselen feilet (418). Prøv igjen.');
  });

  it('a server that cannot be reached is said so, in the reader’s language', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await failure('/me')).toMatchObject({ status: 0, code: 'network', message: 'Could not reach the server. Check your connection and try again.' });
    await i18next.changeLanguage('nb');
    expect((await failure('/me')).message).toBe('Får ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.');
  });
});
