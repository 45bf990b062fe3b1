import type { KpiRuleList, Leaderboard, PersonOverview } from '@core/contracts';
import { addDays, computeLocalDate } from '@core/period';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, WCAG_AA } from './support/axe';
import { callApiOk, joinCompany, makeAccount, signInContext } from './support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot, waitForLiveApp } from './support/browser';
import { type JourneyServer, useSharedServer } from './support/shared-server';

/*
 * A page per rep (decision 046): an admin opens a rep's page from the dashboard's leaderboard and
 * sees the rep's numbers (the board's), the target with its pace, the 12-week chart and the funnel;
 * a rep opening a colleague's page is told it is not theirs, and sees the colleague's name on the
 * board as plain text. Then the page in Norwegian and on a phone. A company of its own on the
 * journeys' shared server: the admin is its first member.
 */

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Hansen');
const colleague = makeAccount('Kari Nordmann');

let server: JourneyServer;
let base: string;
let adminBrowser: Browser;
let repBrowser: Browser;
let adminPage: Page;
let repPage: Page;
let adminCookie: string;
let repCookie: string;
let repId: string;
let colleagueId: string;

const ok = <T = Record<string, unknown>>(cookie: string, method: string, path: string, body?: unknown) =>
  callApiOk<T>(base, cookie, method, path, body);

beforeAll(async () => {
  server = useSharedServer();
  base = server.baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const joinedRep = await joinCompany(base, rep);
  repCookie = joinedRep.cookie;
  repId = joinedRep.id;
  const joinedColleague = await joinCompany(base, colleague);
  colleagueId = joinedColleague.id;
  const colleagueCookie = joinedColleague.cookie;

  // History for the chart: reps may log up to 90 days back once the admin allows it (decision 041).
  await ok(adminCookie, 'PATCH', '/company', { timezone: 'Europe/Oslo', lateLoggingDays: 90 });
  const rules = await ok<KpiRuleList>(adminCookie, 'GET', '/kpi-rules');
  const meeting = rules.rules.find((rule) => rule.kpiKey === 'meeting_completed');
  if (meeting && !meeting.enabled) await ok(adminCookie, 'PATCH', `/kpi-rules/${meeting.id}`, { enabled: true });
  const today = computeLocalDate(new Date(), 'Europe/Oslo');
  for (let week = 11; week >= 1; week--) {
    const day = addDays(today, -7 * week);
    for (let i = 0; i < 3 + ((week * 5) % 7); i++) {
      await ok(repCookie, 'POST', '/activities', {
        kind: 'call',
        answered: i % 2 === 0,
        ...(i % 2 === 0 ? { outcome: i % 4 === 0 ? 'meeting_booked' : 'no_progress' } : {}),
        localDate: day,
        time: '10:00',
      });
    }
    if (week % 3 === 0)
      await ok(repCookie, 'POST', '/activities', {
        kind: 'sale',
        ticketSize: 25_000_00,
        customerName: 'Fjord Shipping AS',
        localDate: day,
        time: '11:00',
      });
    if (week % 2 === 0 && meeting)
      await ok(repCookie, 'POST', '/activities', { kind: 'meeting', customerName: 'Nordlys AS', localDate: day, time: '12:00' });
  }
  for (let i = 0; i < 4; i++)
    await ok(repCookie, 'POST', '/activities', {
      kind: 'call',
      answered: true,
      outcome: i === 0 ? 'meeting_booked' : 'moved_forward',
      customerName: 'Bergen Bygg AS',
    });
  await ok(repCookie, 'POST', '/activities', { kind: 'call', answered: false });
  await ok(repCookie, 'PUT', '/wrapups/today', {
    calls: 5,
    meetings: 1,
    sales: 0,
    points: 12,
    good: 'Booked a demo with Bergen Bygg',
    improve: 'Call earlier in the day',
  });
  await ok(colleagueCookie, 'POST', '/activities', { kind: 'call', answered: false });
  await ok(adminCookie, 'POST', '/targets', { userId: repId, metric: 'calls', period: 'week', value: 40, effectiveFrom: today });

  adminBrowser = await openBrowser({ baseUrl: base });
  await signInContext(adminBrowser.context, base, admin);
  adminPage = await adminBrowser.newPage();
  repBrowser = await openBrowser({ baseUrl: base });
  await signInContext(repBrowser.context, base, rep);
  repPage = await repBrowser.newPage();
});

afterAll(async () => {
  await adminBrowser?.close();
  await repBrowser?.close();
  await server?.stop();
});

describe("a rep's page", () => {
  it("an admin opens it from the dashboard's leaderboard and sees the rep's numbers and chart", async () => {
    await adminPage.goto('/app');
    // The first frame (decision 092) is a picture of the dashboard until the live app takes over: a click
    // on its leaderboard before then is lost (a loaded CI machine once clicked it and never left).
    await waitForLiveApp(adminPage);
    const row = adminPage.getByTestId('leaderboard-row').filter({ hasText: 'Ola Hansen' });
    await row.getByRole('link', { name: 'Ola Hansen' }).click();
    await adminPage.waitForURL(`**/app/people/${repId}`);
    await adminPage.getByRole('heading', { level: 1, name: 'Ola Hansen' }).waitFor();

    // The page's numbers are the board's.
    const board = await ok<Leaderboard>(adminCookie, 'GET', '/scoreboard/leaderboard?period=week');
    const boardRow = board.rows.find((r) => r.userId === repId)!;
    const page = await ok<PersonOverview>(adminCookie, 'GET', `/people/${repId}/overview`);
    expect(page.periods.week.totals.calls).toBe(boardRow.calls);
    const weekCalls = adminPage.getByTestId('person-week-calls');
    expect(await weekCalls.locator('[data-slot="value"]').textContent()).toBe(String(boardRow.calls));
    await adminPage.getByTestId('person-target-calls-week').getByTestId('pace-pill').waitFor();

    // The chart draws 12 bars; the table behind it lists the same weeks.
    const chart = adminPage.getByTestId('person-trend-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Calls per week over the last 12 weeks: \d+ in all/);
    expect(await adminPage.getByTestId('funnel-calls').locator('[data-slot="count"]').textContent()).toBe(
      String(page.funnel.stages[0]!.count),
    );
    await adminPage.getByTestId('person-coaching-notes').getByText('Agenda', { exact: true }).waitFor();

    await adminPage.getByRole('tab', { name: 'Points' }).click();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Points per week/);
    await adminPage.getByRole('tab', { name: 'Calls' }).click();
    await saveSettledScreenshot(adminPage, 'person-page-desktop-en');
    expect(await axeViolations(adminPage, { tags: WCAG_AA })).toEqual([]);
    expect(adminBrowser.consoleErrors).toEqual([]);
  });

  it("a rep opening a colleague's page is refused, and sees the colleague's name as plain text", async () => {
    await repPage.goto('/app');
    await waitForLiveApp(repPage);
    const colleagueRow = repPage.getByTestId('leaderboard-row').filter({ hasText: 'Kari Nordmann' });
    await colleagueRow.waitFor();
    expect(await colleagueRow.getByRole('link').count()).toBe(0);
    await repPage.getByTestId('leaderboard-row').filter({ hasText: 'Ola Hansen' }).getByRole('link', { name: 'Ola Hansen' }).waitFor();

    await repPage.goto(`/app/people/${colleagueId}`);
    await repPage.getByRole('heading', { name: 'This page is not yours to open' }).waitFor();
    // The page knew the rule and did not ask: no refused request in the browser's console.
    expect(repBrowser.consoleErrors).toEqual([]);
    await saveSettledScreenshot(repPage, 'person-page-refused-desktop-en');
    expect(await axeViolations(repPage, { tags: WCAG_AA })).toEqual([]);

    await repPage.goto(`/app/people/${repId}`);
    await repPage.getByText('This is you').waitFor();
    expect(await repPage.getByTestId('person-coaching-notes').count()).toBe(0);
    expect(repBrowser.consoleErrors).toEqual([]);
  });

  it('reads in Norwegian, and on a phone', async () => {
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await adminPage.reload();
    await adminPage.getByTestId('person-trend-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await saveSettledScreenshot(adminPage, 'person-page-phone-en');
    await ok(adminCookie, 'PATCH', '/me/profile', { language: 'nb' });
    await adminPage.reload();
    await adminPage.getByRole('heading', { name: 'Konverteringstrakt' }).waitFor();
    await adminPage.getByTestId('person-trend-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await saveSettledScreenshot(adminPage, 'person-page-phone-nb');
    await adminPage.setViewportSize({ width: 1366, height: 860 });
    await adminPage.reload();
    await adminPage.getByRole('heading', { name: 'Konverteringstrakt' }).waitFor();
    await adminPage.getByTestId('person-trend-chart').locator('.recharts-bar-rectangle').first().waitFor();
    await saveSettledScreenshot(adminPage, 'person-page-desktop-nb');
    expect(adminBrowser.consoleErrors).toEqual([]);
  });
});
