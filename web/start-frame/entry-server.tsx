import { START_FRAME_EMAIL, type StartFramePath } from '@core/start-snapshot';
import { DEFAULT_KPI_RULES } from '@core/kpi/rules';
import type { KpiRuleList, Me } from '@core/contracts';
import type { Language } from '@core/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '@web/app/router';
import { i18n } from '@web/i18n';
import { AuthProvider } from '@web/lib/auth/auth-provider';
import { getPageQueryClient } from '@web/lib/query-client';
import { queryKeys } from '@web/lib/query-keys';

/*
 * A screen's first frame as the server sends it (decision 092), rendered at build time by
 * scripts/start-frame/render.ts in a browser-like document (jsdom), once per screen and language:
 * the app's own shell and screen, as an admin sees them (every menu item) with every optional
 * button on, and no answers yet (the boards' places, waiting for their numbers). The
 * server takes out what the member who asks does not have (server/lib/start-frame.ts) and writes
 * their first letter over START_FRAME_EMAIL's.
 */

function describeFrameMember(language: Language): Me {
  return {
    user: { id: 'start-frame', email: START_FRAME_EMAIL, name: '', image: null, emailVerified: true, language },
    profile: {
      id: 'start-frame',
      displayName: null,
      avatarUrl: null,
      role: 'admin',
      teamId: null,
      onBoards: true,
      homeBoardId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    company: {
      id: 'start-frame',
      name: '',
      timezone: 'Europe/Oslo',
      currency: 'NOK',
      language,
      logoUrl: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    },
    onboarding: { hasProfile: true, hasCompany: true, hasTeam: true, profileComplete: true, role: 'admin', removed: false },
    tenancy: 'single',
    operator: false,
  } as Me;
}

function describeEveryButton(): KpiRuleList {
  return {
    rules: DEFAULT_KPI_RULES.map((rule) => ({
      ...rule,
      threshold: rule.threshold ?? null,
      id: rule.kpiKey,
      enabled: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
    })),
  };
}

async function prerender(path: StartFramePath): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={getPageQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
    // A part that fails here would be a loading screen in the frame: the build says so instead.
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new AggregateError(errors, `the start frame of ${path} failed to render: ${String(errors[0])}`);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** The screen at `path` with the app's shell in `language`, as markup for #root. */
export async function renderStartFrame(path: StartFramePath, language: Language): Promise<string> {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['common', 'auth', 'activity']);
  const client = getPageQueryClient();
  client.setQueryData(queryKeys.me, describeFrameMember(language));
  client.setQueryData(queryKeys.kpiRules, describeEveryButton());
  // The screens' code is lazy: React renders a fallback and the screen apart, which cleanFrame puts together.
  return cleanFrame(await prerender(path));
}

/**
 * The frame as #root's markup. React streams a part that waited for its code (the screen, loaded
 * lazily) as a fallback plus the part at the end of the document and a script that swaps them in the
 * browser; the frame may carry no script (the page's policy would refuse it), so the swap is done
 * here, as that script would: each `<template id="B:n">` and its fallback give way to `S:n`'s content.
 */
function cleanFrame(html: string): string {
  const root = document.createElement('div');
  root.innerHTML = html;
  for (const script of root.querySelectorAll('script')) script.remove();
  // Until the app runs, only quick log's buttons answer (their taps are kept); any other button of
  // the frame (a menu, a sort) would take a tap and do nothing, so it shows as not yet ready. Links
  // are links already.
  for (const button of root.querySelectorAll('button:not([data-quick-log])')) button.setAttribute('disabled', '');
  for (let template = root.querySelector('template[id^="B:"]'); template; template = root.querySelector('template[id^="B:"]')) {
    const segment = root.querySelector(`div[hidden][id="S:${template.id.slice(2)}"]`);
    const opening = template.previousSibling;
    if (!segment || opening?.nodeType !== Node.COMMENT_NODE) throw new Error(`the start frame's part ${template.id} has no content`);
    // The fallback runs to the boundary's closing comment, past any boundary of its own.
    let depth = 0;
    for (let node = template.nextSibling; node;) {
      const next: ChildNode | null = node.nextSibling;
      if (node.nodeType === Node.COMMENT_NODE) {
        const data = (node as Comment).data;
        if (data === '/$' && depth === 0) break;
        if (data === '/$') depth -= 1;
        else if (data.startsWith('$')) depth += 1;
      }
      node.remove();
      node = next;
    }
    template.replaceWith(...segment.childNodes);
    (opening as Comment).data = '$';
    segment.remove();
  }
  return root.innerHTML;
}
