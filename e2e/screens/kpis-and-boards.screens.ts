import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApiOk, joinCompany, makeAccount, signInContext } from '../support/accounts';
import { type Browser, openBrowser, saveSettledScreenshot } from '../support/browser';
import { useSharedServer } from '../support/shared-server';

/*
 * The type editor, the KPI editor and a board, in each language the product speaks, at phone and
 * desktop width, light and dark (48 pictures: artifacts/screenshots/matrix-*.png), for a person to
 * look at. Run with `npm run screens`; not part of `npm test` (the journeys check these screens'
 * behaviour, axe and words; this only draws them everywhere).
 */

const LANGUAGES = ['en', 'nb', 'sv', 'da'] as const;
const LOOKS = [
  { name: 'phone-light', viewport: { width: 390, height: 844 }, scheme: 'light' },
  { name: 'phone-dark', viewport: { width: 390, height: 844 }, scheme: 'dark' },
  { name: 'desktop-light', viewport: { width: 1366, height: 860 }, scheme: 'light' },
  { name: 'desktop-dark', viewport: { width: 1366, height: 860 }, scheme: 'dark' },
] as const;

const admin = makeAccount('Astrid Admin');
const rep = makeAccount('Ola Nordmann');
const KPI_NAMES = { en: 'Demos per connect', nb: 'Demoer per samtale', sv: 'Demos per samtal', da: 'Demoer pr. samtale' };

let base: string;
let adminCookie: string;
let browser: Browser;
let page: Page;
let typeNames: Record<string, string>;
let boardPath: string;

/** "Edit “{{name}}”" in a language, as the settings lists label their rows' buttons. */
function editLabel(language: string, section: 'activityTypes' | 'kpis', name: string): string {
  const path = resolve(import.meta.dirname, '..', '..', 'web', 'i18n', 'locales', language, 'settings.json');
  const words = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { editNamed: string }>;
  return words[section]!.editNamed.replace('{{name}}', name);
}

beforeAll(async () => {
  base = useSharedServer().baseUrl;
  adminCookie = (await joinCompany(base, admin)).cookie;
  const repCookie = (await joinCompany(base, rep)).cookie;
  const { types } = await callApiOk<{ types: { id: string; names: Record<string, string>; outcomes: { id: string }[] }[] }>(
    base,
    adminCookie,
    'POST',
    '/activity-types/templates',
    { template: 'sdr' },
  );
  const demo = types[0]!;
  typeNames = demo.names;
  const demos = await callApiOk<{ id: string }>(base, adminCookie, 'POST', '/kpis', {
    names: { en: 'Demos', nb: 'Demoer', sv: 'Demos', da: 'Demoer' },
    formula: { kind: 'aggregate', aggregate: 'count', typeIds: [demo.id] },
    format: 'number',
  });
  await callApiOk(base, adminCookie, 'POST', '/kpis', {
    names: KPI_NAMES,
    formula: { kind: 'ratio', left: demos.id, right: 'answered_calls' },
    format: 'percent',
    decimals: 1,
  });
  for (let i = 0; i < 4; i += 1) {
    await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'call', answered: true, outcome: 'no_progress' });
    await callApiOk(
      base,
      adminCookie,
      'POST',
      '/activities',
      i % 2 === 0 ? { kind: 'call', answered: true, outcome: 'meeting_booked' } : { kind: 'call', answered: false },
    );
  }
  await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'custom', typeId: demo.id, fields: { qualified: true } });
  await callApiOk(base, repCookie, 'POST', '/activities', { kind: 'sale', ticketSize: 4_500_000, customerName: 'Fjord Fisk AS' });
  const board = await callApiOk<{ id: string }>(base, adminCookie, 'POST', '/boards', {
    name: 'SDR floor',
    sharing: 'company',
    widgets: [
      { kind: 'number', kpiId: 'calls', period: 'today', size: 'small' },
      { kind: 'number', kpiId: demos.id, period: 'week', size: 'small' },
      { kind: 'gauge', kpiId: 'meetings_booked', period: 'week', size: 'small', goal: 25 },
      { kind: 'leaderboard', kpiId: 'points', period: 'week', size: 'medium', rows: 5 },
      { kind: 'chart', kpiId: 'calls', period: 'month', size: 'medium', style: 'bar' },
      { kind: 'feed', period: 'today', size: 'medium' },
    ],
  });
  boardPath = `/app/boards/${board.id}`;
  browser = await openBrowser({ baseUrl: base });
  await signInContext(browser.context, base, admin);
  page = await browser.newPage();
});

/** The admin's own language setting, as a person would choose it. */
const speak = (language: string) => callApiOk(base, adminCookie, 'PATCH', '/me/profile', { language });

afterAll(async () => {
  await speak('en');
  await browser?.close();
});

describe('the type editor, the KPI editor and a board, everywhere', () => {
  it('draws each in every language, at phone and desktop width, light and dark', { timeout: 600_000 }, async () => {
    for (const language of LANGUAGES) {
      await speak(language);
      for (const look of LOOKS) {
        await page.setViewportSize(look.viewport);
        await page.emulateMedia({ colorScheme: look.scheme });
        const suffix = `${language}-${look.name}`;

        await page.goto('/app/admin/activity-types');
        await page.getByRole('button', { name: editLabel(language, 'activityTypes', typeNames[language] ?? typeNames.en!) }).click();
        const typeEditor = page.getByRole('dialog');
        await typeEditor.getByRole('textbox').first().waitFor();
        await saveSettledScreenshot(typeEditor, `matrix-type-editor-${suffix}`);
        await page.keyboard.press('Escape');
        await typeEditor.waitFor({ state: 'detached' });

        await page.goto('/app/admin/kpis');
        await page.getByRole('button', { name: editLabel(language, 'kpis', KPI_NAMES[language]) }).click();
        const kpiEditor = page.getByRole('dialog');
        await expect.poll(() => kpiEditor.getByRole('textbox', { name: 'English' }).inputValue()).toBe(KPI_NAMES.en);
        await saveSettledScreenshot(kpiEditor, `matrix-kpi-editor-${suffix}`);
        await page.keyboard.press('Escape');
        await kpiEditor.waitFor({ state: 'detached' });

        await page.goto(boardPath);
        await page.getByRole('meter').first().waitFor();
        await saveSettledScreenshot(page, `matrix-board-${suffix}`);
      }
    }
    expect(browser.consoleErrors).toEqual([]);
  });
});
