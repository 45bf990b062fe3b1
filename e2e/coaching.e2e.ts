import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApi, callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Coaching on wrap-ups (decision 045): a rep logs 9 calls and types 12 in the wrap-up, and sees
 * both before saving; their team lead reads it on the Coaching screen with both numbers side by
 * side and comments; the rep sees the comment live on their wrap-up screen and answers; the lead
 * adds a 1:1 follow-up for the rep and checks it off; the rep can reach neither the screen nor the
 * notes. Then the screens in Norwegian and on a phone. A company of its own on the journeys' shared server.
 */

const admin = makeAccount('Astrid Admin');
const lead = makeAccount('Lea Lead');
const rep = makeAccount('Ola Hansen');

let server: JourneyServer;
let base: string;
let leadBrowser: Browser;
let repBrowser: Browser;
let leadPage: Page;
let repPage: Page;
let leadCookie: string;
let repCookie: string;
let repId: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const COMMENT = 'You typed 12 calls; the log has 9. Log them as you go?';
const ANSWER = 'Three were from my mobile, logging them now.';

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  const adminCookie = (await joinCompany(base, admin)).cookie;
  const joinedLead = await joinCompany(base, lead);
  leadCookie = joinedLead.cookie;
  const joinedRep = await joinCompany(base, rep);
  repCookie = joinedRep.cookie;
  repId = joinedRep.id;
  const team = await ok<{ id: string }>(adminCookie, 'POST', '/teams', { name: 'Oslo' });
  await ok(adminCookie, 'PUT', `/team/members/${repId}/team`, { teamId: team.id });
  await ok(adminCookie, 'PUT', `/teams/${team.id}/leads`, { userIds: [joinedLead.id] });
  // The log of the day: 9 calls.
  for (let i = 0; i < 9; i++) await ok(repCookie, 'POST', '/activities', { kind: 'call', answered: false });

  leadBrowser = await openBrowser({ baseUrl: base });
  await signInContext(leadBrowser.context, base, lead);
  leadPage = await leadBrowser.newPage();
  repBrowser = await openBrowser({ baseUrl: base });
  await signInContext(repBrowser.context, base, rep);
  repPage = await repBrowser.newPage();
});

afterAll(async () => {
  await leadBrowser?.close();
  await repBrowser?.close();
  await server?.stop();
});

describe('coaching on a wrap-up', () => {
  it('the rep types 12 calls where the log has 9, sees both before saving, and saves', async () => {
    await repPage.goto('/app/wrapup');
    const calls = repPage.getByLabel('Calls', { exact: true });
    await expect.poll(() => calls.inputValue(), { timeout: 10_000 }).toBe('9');
    await calls.fill('12');
    const comparison = repPage.getByRole('region', { name: "Some numbers differ from today's log" });
    await comparison.waitFor();
    await comparison.getByRole('row', { name: 'Calls 12 9' }).waitFor();
    await repPage.getByLabel('What went well?').fill('Two good demos booked for next week.');
    await saveSettledScreenshot(repPage, 'coaching-wrapup-form-desktop-en');
    await repPage.getByRole('button', { name: 'Save wrap-up' }).click();
    await toast(repPage, 'Wrap-up saved').waitFor();
    // The rep leads nobody: no Coaching in their navigation.
    expect(await repPage.getByRole('link', { name: 'Coaching' }).count()).toBe(0);
    expect(await axeViolations(repPage, { tags: WCAG_AA })).toEqual([]);
  });

  it('the lead finds it unread on the Coaching screen, reads typed beside logged, and comments', async () => {
    await leadPage.goto('/app');
    // The navigation counts the wrap-ups waiting to be read.
    await leadPage.getByRole('link', { name: /^Coaching ?\(1 wrap-up to read\)$/ }).click();
    await leadPage.getByRole('heading', { name: 'Coaching', exact: true }).waitFor();
    const row = leadPage.getByRole('link', { name: /Ola Hansen/ });
    await row.getByText('Unread').waitFor();
    await row.getByText('Differs from log').waitFor();
    await leadPage.getByText('1 unread').waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-list-desktop-en');
    expect(await axeViolations(leadPage, { tags: WCAG_AA })).toEqual([]);

    await row.click();
    // Opening it reads it: the count leaves the navigation.
    await leadPage.getByTestId('coaching-unread').waitFor({ state: 'detached' });
    const comparison = leadPage.getByRole('region', { name: 'The report differs from the log' });
    await comparison.getByRole('row', { name: 'Calls 12 9' }).waitFor();
    await leadPage.getByText('Two good demos booked for next week.').waitFor();
    await leadPage.getByLabel('Comment to Ola Hansen').fill(COMMENT);
    await leadPage.getByRole('button', { name: 'Send' }).click();
    await toast(leadPage, 'Comment sent').waitFor();
    await leadPage.getByText(COMMENT).waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-wrapup-desktop-en');
    expect(await axeViolations(leadPage, { tags: WCAG_AA })).toEqual([]);
  });

  it('the rep sees the comment on their wrap-up screen without reloading, and answers; the lead sees the answer', async () => {
    const thread = repPage.getByRole('article', { name: /Wrap-up of/ });
    await thread.getByText(COMMENT).waitFor({ timeout: 10_000 });
    await repPage.getByText('Comments from your lead').waitFor();
    await thread.getByLabel('Your answer').fill(ANSWER);
    await thread.getByRole('button', { name: 'Send' }).click();
    await thread.getByText(ANSWER).waitFor();
    await saveSettledScreenshot(repPage, 'coaching-rep-thread-desktop-en');
    await leadPage.getByText(ANSWER).waitFor({ timeout: 10_000 });
  });

  it('the lead adds a 1:1 follow-up for the rep and checks it off; the rep can reach neither the screen nor the notes', async () => {
    await leadPage.goto(`/app/coaching?member=${repId}`);
    const notes = leadPage.getByRole('heading', { name: '1:1 notes: Ola Hansen' });
    await notes.waitFor();
    await leadPage.getByText('Private: only team leads and admins see these, never Ola Hansen.').waitFor();
    await leadPage.getByLabel('New follow-up').fill('Role-play pricing objections on Friday');
    await leadPage.getByRole('button', { name: 'Add', exact: true }).click();
    const item = leadPage.getByRole('checkbox', { name: 'Role-play pricing objections on Friday' });
    await item.waitFor();
    expect(await item.isChecked()).toBe(false);
    await leadPage.getByLabel('New note').fill('Strong openers; loses the thread when price comes up.');
    await leadPage.getByRole('button', { name: 'Save note' }).click();
    await leadPage.getByText('Strong openers; loses the thread when price comes up.').waitFor();
    await item.click(); // checked once the server has it (a controlled checkbox: it moves to Done)
    await expect.poll(() => item.isChecked()).toBe(true);
    await leadPage.getByText('Done', { exact: true }).waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-person-desktop-en');
    expect(await axeViolations(leadPage, { tags: WCAG_AA })).toEqual([]);

    const refused = await callApi(base, repCookie, 'GET', `/coaching/members/${repId}/notes`);
    expect(refused.status).toBe(403);
    await repPage.goto('/app/coaching');
    await repPage.getByText('Coaching is for team leads and admins').waitFor();
    expect(await repPage.getByText('Role-play pricing').count()).toBe(0);
    expect(leadBrowser.consoleErrors).toEqual([]);
    expect(repBrowser.consoleErrors.filter((error) => !error.includes('403'))).toEqual([]);
  });

  it('reads in Norwegian, and on a phone', async () => {
    await leadPage.setViewportSize({ width: 390, height: 844 });
    await leadPage.goto('/app/coaching');
    await leadPage.getByRole('link', { name: /Ola Hansen/ }).waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-list-phone-en');
    await ok(leadCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await leadPage.reload();
    await leadPage.getByRole('tab', { name: 'Per dag' }).waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-list-phone-nb');
    await leadPage.getByRole('link', { name: /Ola Hansen/ }).click();
    await leadPage.getByRole('region', { name: 'Rapporten skiller seg fra loggen' }).waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-wrapup-phone-nb');
    await leadPage.setViewportSize({ width: 1366, height: 860 });
    await leadPage.reload();
    await leadPage.getByRole('heading', { name: '1:1-notater: Ola Hansen' }).waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-wrapup-desktop-nb');
    await leadPage.goto(`/app/coaching?member=${repId}`);
    await leadPage.getByRole('heading', { name: '1:1-notater: Ola Hansen' }).waitFor();
    await saveSettledScreenshot(leadPage, 'coaching-person-desktop-nb');

    await repPage.setViewportSize({ width: 390, height: 844 });
    await ok(repCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await repPage.goto('/app/wrapup');
    await repPage.getByText('Kommentarer fra lederen din').waitFor();
    await repPage.getByLabel('Samtaler', { exact: true }).fill('14');
    await repPage.getByRole('region', { name: 'Noen tall skiller seg fra dagens logg' }).waitFor();
    await saveSettledScreenshot(repPage, 'coaching-wrapup-form-phone-nb');
    await repPage.setViewportSize({ width: 1366, height: 860 });
    await repPage.reload();
    await repPage.getByText('Kommentarer fra lederen din').waitFor();
    await saveSettledScreenshot(repPage, 'coaching-rep-thread-desktop-nb');
    expect(leadBrowser.consoleErrors).toEqual([]);
  });
});
