import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApi, callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * Team leads (decision 044): an admin makes two teams and names a lead of one; the lead finds
 * Targets in the navigation, sets a weekly calls target for a rep of their team and one for the
 * whole team, changes the rep's daily goals, and is offered nobody of the other team (the server
 * refuses one too); the rep sees both targets on My Activity, the team's marked as the team's. The
 * admin invites into a team and reads the new audit entries. Both languages, desktop and phone. A
 * company of its own on the journeys' shared server: the admin is its first member. Teams are made
 * through the API (the Teams screen has its own journey, teams.e2e.ts).
 */

const admin = makeAccount('Astrid Admin');
const lead = makeAccount('Lars Lead');
const rep = makeAccount('Ola Hansen');
const stranger = makeAccount('Siri Bergen');

let server: JourneyServer;
let base: string;
let cookies: Record<'admin' | 'lead' | 'rep' | 'stranger', string>;
let leadBrowser: Browser;
let repBrowser: Browser;
let adminBrowser: Browser;
let leadPage: Page;
let repPage: Page;
let adminPage: Page;
let oslo: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  cookies = {
    admin: (await joinCompany(base, admin)).cookie,
    lead: (await joinCompany(base, lead)).cookie,
    rep: (await joinCompany(base, rep)).cookie,
    stranger: (await joinCompany(base, stranger)).cookie,
  };
  // UTC keeps "today" of the date input and of the server the same day.
  await ok(cookies.admin, 'PATCH', '/company', { timezone: 'UTC' });

  const members = await ok<{ members: { userId: string; email: string }[] }>(cookies.admin, 'GET', '/team/members');
  const idOf = (email: string) => members.members.find((m) => m.email === email)!.userId;
  oslo = (await ok<{ id: string }>(cookies.admin, 'POST', '/teams', { name: 'Oslo' })).id;
  const bergen = (await ok<{ id: string }>(cookies.admin, 'POST', '/teams', { name: 'Bergen' })).id;
  await ok(cookies.admin, 'PUT', `/team/members/${idOf(lead.email)}/team`, { teamId: oslo });
  await ok(cookies.admin, 'PUT', `/team/members/${idOf(rep.email)}/team`, { teamId: oslo });
  await ok(cookies.admin, 'PUT', `/team/members/${idOf(stranger.email)}/team`, { teamId: bergen });
  await ok(cookies.admin, 'PUT', `/teams/${oslo}/leads`, { userIds: [idOf(lead.email)] });

  leadBrowser = await openBrowser({ baseUrl: base });
  await signInContext(leadBrowser.context, base, lead);
  leadPage = await leadBrowser.newPage();
  repBrowser = await openBrowser({ baseUrl: base });
  await signInContext(repBrowser.context, base, rep);
  repPage = await repBrowser.newPage();
  adminBrowser = await openBrowser({ baseUrl: base });
  await signInContext(adminBrowser.context, base, admin);
  adminPage = await adminBrowser.newPage();
});

afterAll(async () => {
  await leadBrowser?.close();
  await repBrowser?.close();
  await adminBrowser?.close();
  await server?.stop();
});

describe('a team lead runs their team', () => {
  it('finds Targets in the navigation and is offered their team and its people only', async () => {
    await leadPage.goto('/app');
    await leadPage.getByRole('link', { name: 'Targets' }).click();
    await leadPage.getByRole('heading', { name: 'Targets', level: 1 }).waitFor();
    await leadPage.getByText('No targets yet').waitFor();
    await leadPage.getByRole('combobox', { name: 'For' }).click();
    await leadPage.getByRole('option', { name: 'Team: Oslo' }).waitFor();
    const options = await leadPage.getByRole('option').allTextContents();
    expect(options).toEqual(['Choose a team or person', 'Team: Oslo', 'Ola Hansen']);
    await leadPage.keyboard.press('Escape');
    // Nor will the server let them reach into Bergen.
    const members = await ok<{ members: { userId: string; email: string }[] }>(cookies.admin, 'GET', '/team/members');
    const strangerId = members.members.find((m) => m.email === stranger.email)!.userId;
    const refused = await callApi(base, cookies.lead, 'POST', '/targets', {
      userId: strangerId,
      metric: 'calls',
      period: 'week',
      value: 10,
      effectiveFrom: today(),
    });
    expect(refused.status).toBe(403);
  });

  it('sets a weekly calls target for a rep of their team, and one for the whole team', async () => {
    for (const [subject, value] of [
      ['Ola Hansen', '40'],
      ['Team: Oslo', '150'],
    ] as const) {
      await leadPage.getByRole('combobox', { name: 'For' }).click();
      await leadPage.getByRole('option', { name: subject }).click();
      await leadPage.getByLabel('Target', { exact: true }).fill(value);
      await leadPage.getByRole('button', { name: 'Set target' }).click();
      await toast(leadPage, 'Target set').waitFor();
      await toast(leadPage, 'Target set')
        .waitFor({ state: 'detached', timeout: 10_000 })
        .catch(() => undefined);
    }
    const rows = leadPage.getByTestId('target-row');
    await expect.poll(() => rows.count()).toBe(2);
    await leadPage.getByText('Team target').waitFor();
  });

  it("changes the rep's daily goals for them", async () => {
    const row = leadPage.getByTestId('team-goal-row').filter({ hasText: 'Ola Hansen' });
    await row.getByRole('button', { name: 'Change the daily goals of Ola Hansen' }).click();
    const dialog = leadPage.getByRole('dialog', { name: 'Daily goals for Ola Hansen' });
    await dialog.getByLabel('Calls').fill('25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(leadPage, 'Daily goals saved for Ola Hansen').waitFor();
    await expect.poll(() => row.textContent()).toContain('25');
    const goals = await ok<{ dailyCalls: number }>(cookies.rep, 'GET', '/goals/me');
    expect(goals.dailyCalls).toBe(25);
    await saveSettledScreenshot(leadPage, 'team-leads-targets-desktop-en');
    expect(await axeViolations(leadPage, { tags: WCAG_AA })).toEqual([]);
  });

  it('the rep sees the target on My Activity, and the team target marked as the team’s', async () => {
    await ok(cookies.rep, 'POST', '/activities', { kind: 'call', answered: false });
    await repPage.goto('/app/activity');
    await repPage.getByText('Targets from your manager').waitFor();
    await repPage.getByTestId('target-calls-week').waitFor();
    const team = repPage.getByTestId('target-team-calls-week');
    await team.waitFor();
    expect(await team.getByTestId('team-target-badge').textContent()).toBe('Oslo team');
    expect(await repPage.getByTestId('target-calls-week').getByTestId('target-progress').textContent()).toBe('1 of 40');
    // A rep who leads nothing has no Targets in the navigation.
    expect(await repPage.getByRole('link', { name: 'Targets' }).count()).toBe(0);
    await saveSettledScreenshot(repPage, 'team-leads-rep-desktop-en');
    expect(await axeViolations(repPage, { tags: WCAG_AA })).toEqual([]);
  });

  it('the admin invites into a team and reads the audit of it all', async () => {
    await adminPage.goto('/app/admin/users');
    await adminPage.getByRole('button', { name: 'Invite by e-mail' }).click();
    await adminPage.getByRole('combobox', { name: 'Team' }).click();
    await adminPage.getByRole('option', { name: 'Oslo' }).click();
    await saveSettledScreenshot(adminPage, 'team-leads-invite-desktop-en');
    await adminPage.keyboard.press('Escape');

    await adminPage.goto('/app/admin/audit');
    await adminPage.getByText('Set a target for the team “Oslo”: 150 calls per week').waitFor();
    await adminPage.getByText('Set the daily goals of Ola Hansen').waitFor();
    await adminPage.getByText('Changed the leads of “Oslo”').waitFor();
    await saveSettledScreenshot(adminPage, 'team-leads-audit-desktop-en');
  });

  it('reads in Norwegian, and on a phone', async () => {
    for (const [page, cookie, name, ready] of [
      [leadPage, cookies.lead, 'team-leads-targets', 'Dagsmålene til folkene dine'],
      [repPage, cookies.rep, 'team-leads-rep', 'Mål fra lederen din'],
      [adminPage, cookies.admin, 'team-leads-audit', 'Endret lederne for «Oslo»'],
    ] as const) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.waitForLoadState('networkidle');
      await saveSettledScreenshot(page, `${name}-phone-en`);
      await ok(cookie, 'PATCH', '/me/profile', { language: 'nb' });
      await page.reload();
      await page.getByText(ready).first().waitFor();
      await saveSettledScreenshot(page, `${name}-phone-nb`);
      await page.setViewportSize({ width: 1366, height: 860 });
      await page.reload();
      await page.getByText(ready).first().waitFor();
      await saveSettledScreenshot(page, `${name}-desktop-nb`);
    }
    expect(await repPage.getByTestId('team-target-badge').textContent()).toBe('Team Oslo');
    expect(leadBrowser.consoleErrors).toEqual([]);
    expect(repBrowser.consoleErrors).toEqual([]);
    expect(adminBrowser.consoleErrors).toEqual([]);
  });
});
