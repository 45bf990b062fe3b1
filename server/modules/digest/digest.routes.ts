import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../context';
import { escapeHtml } from '../../lib/escape-html';
import { chooseMailLanguage, type MailLanguage } from '../../mail/templates';
import { changeDigestSubscription, type DigestSubscriptionState, getDigestSubscription } from './digest.service';

/*
 * The weekly digest's unsubscribe page (decision 047), public: the signed token in the link says
 * whose digest it is, no sign-in needed. GET only shows the state and a button, because link
 * scanners and mail previews follow GETs; POST changes it: a mail client's one-click
 * unsubscribe (RFC 8058, body "List-Unsubscribe=One-Click") and the page's own buttons.
 */
export const digestRoutes = new Hono<AppEnv>();

export const DIGEST_UNSUBSCRIBE_PATH = '/unsubscribe/digest';

type PageWords = {
  title: string;
  subscribedHeading: string;
  subscribedText: string;
  unsubscribe: string;
  unsubscribedHeading: string;
  unsubscribedText: string;
  resubscribe: string;
  invalidHeading: string;
  invalidText: string;
  goneHeading: string;
  goneText: string;
  /** The link back to the app, named by the operator's brand. */
  openApp: (brand: string) => string;
};

const WORDS: Record<MailLanguage, PageWords> = {
  en: {
    title: 'Weekly digest',
    subscribedHeading: 'You get the weekly digest',
    subscribedText:
      "Every Monday morning we mail you a summary of last week: your numbers against your targets and your best day, and for team leads and admins, the team's week.",
    unsubscribe: 'Unsubscribe',
    unsubscribedHeading: 'You are unsubscribed',
    unsubscribedText: 'You will not get the weekly digest any more. Changed your mind? Subscribe again here, or under Settings, Personal.',
    resubscribe: 'Subscribe again',
    invalidHeading: 'This link does not work',
    invalidText:
      'The unsubscribe link is incomplete or was changed. Use the link in your newest digest mail, or turn the digest off under Settings, Personal.',
    goneHeading: 'This link no longer works',
    goneText: 'The membership this link was for has ended, so no digest goes to it.',
    openApp: (brand) => `Open ${brand}`,
  },
  nb: {
    title: 'Ukeoppsummering',
    subscribedHeading: 'Du får ukeoppsummeringen',
    subscribedText:
      'Hver mandag morgen sender vi deg en oppsummering av forrige uke: tallene dine mot målene og den beste dagen din, og for teamledere og administratorer, teamets uke.',
    unsubscribe: 'Meld meg av',
    unsubscribedHeading: 'Du er meldt av',
    unsubscribedText: 'Du får ikke ukeoppsummeringen lenger. Angrer du? Meld deg på igjen her, eller under Innstillinger, Personlig.',
    resubscribe: 'Meld meg på igjen',
    invalidHeading: 'Denne lenken virker ikke',
    invalidText:
      'Avmeldingslenken er ufullstendig eller endret. Bruk lenken i den nyeste oppsummeringen, eller slå den av under Innstillinger, Personlig.',
    goneHeading: 'Denne lenken virker ikke lenger',
    goneText: 'Medlemskapet lenken gjaldt, er avsluttet, så det sendes ingen oppsummering dit.',
    openApp: (brand) => `Åpne ${brand}`,
  },
  sv: {
    title: 'Veckosammanfattning',
    subscribedHeading: 'Du får veckosammanfattningen',
    subscribedText:
      'Varje måndagsmorgon mejlar vi dig en sammanfattning av förra veckan: dina siffror mot dina mål och din bästa dag, och för teamledare och administratörer, teamets vecka.',
    unsubscribe: 'Avsluta prenumerationen',
    unsubscribedHeading: 'Du har avslutat prenumerationen',
    unsubscribedText: 'Du får inte veckosammanfattningen längre. Ångrat dig? Prenumerera igen här, eller under Inställningar, Personligt.',
    resubscribe: 'Prenumerera igen',
    invalidHeading: 'Den här länken fungerar inte',
    invalidText:
      'Avprenumerationslänken är ofullständig eller har ändrats. Använd länken i din senaste sammanfattning, eller stäng av den under Inställningar, Personligt.',
    goneHeading: 'Den här länken fungerar inte längre',
    goneText: 'Medlemskapet som länken gällde har avslutats, så ingen sammanfattning skickas dit.',
    openApp: (brand) => `Öppna ${brand}`,
  },
  da: {
    title: 'Ugentlig opsummering',
    subscribedHeading: 'Du får den ugentlige opsummering',
    subscribedText:
      'Hver mandag morgen sender vi dig en opsummering af sidste uge: dine tal i forhold til dine mål og din bedste dag, og for teamledere og administratorer, teamets uge.',
    unsubscribe: 'Afmeld',
    unsubscribedHeading: 'Du er afmeldt',
    unsubscribedText:
      'Du får ikke længere den ugentlige opsummering. Fortryder du? Tilmeld dig igen her, eller under Indstillinger, Personligt.',
    resubscribe: 'Tilmeld igen',
    invalidHeading: 'Dette link virker ikke',
    invalidText:
      'Afmeldingslinket er ufuldstændigt eller er blevet ændret. Brug linket i din nyeste opsummering, eller slå den fra under Indstillinger, Personligt.',
    goneHeading: 'Dette link virker ikke længere',
    goneText: 'Medlemskabet, som linket gjaldt, er ophørt, så der sendes ingen opsummering dertil.',
    openApp: (brand) => `Åbn ${brand}`,
  },
};

/*
 * The page keeps its token from other sites' Referer, but not from its own: the app's header says
 * no-referrer, under which a browser posts the page's own form with "Origin: null", and the
 * foreign-origin guard (lib/edges.ts) refuses that. The meta tag narrows the page to same-origin.
 */

/** The page's words, as one card: the brand, a heading, a text, and the form when there is something to do. */
function renderPage(input: { state: DigestSubscriptionState; language: MailLanguage; brand: string; token: string }): string {
  const words = WORDS[input.language];
  const { state } = input;
  const [heading, text] =
    state.kind === 'invalid'
      ? [words.invalidHeading, words.invalidText]
      : state.kind === 'gone'
        ? [words.goneHeading, words.goneText]
        : state.optedOut
          ? [words.unsubscribedHeading, words.unsubscribedText]
          : [words.subscribedHeading, words.subscribedText];
  const form =
    state.kind === 'ok'
      ? `<form method="post" action="${DIGEST_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(input.token)}">
<input type="hidden" name="action" value="${state.optedOut ? 'resubscribe' : 'unsubscribe'}">
<button type="submit" class="${state.optedOut ? 'secondary' : 'primary'}">${escapeHtml(state.optedOut ? words.resubscribe : words.unsubscribe)}</button></form>`
      : '';
  return `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="same-origin"><title>${escapeHtml(words.title)} · ${escapeHtml(input.brand)}</title>
<style>
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;background:#f4f6fb;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#0f172a}
main{width:100%;max-width:480px;background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:32px;box-shadow:0 1px 3px rgba(15,23,42,.06)}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:18px;color:#0e7490;text-decoration:none}
.mark{display:inline-flex;width:32px;height:32px;border-radius:8px;background:#0e7490;color:#fff;align-items:center;justify-content:center;font-size:16px}
.eyebrow{margin:24px 0 0;font-size:13px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#64748b}
h1{margin:6px 0 0;font-size:22px;line-height:1.3}p{margin:10px 0 0;font-size:15px;line-height:1.6;color:#475569}
form{margin-top:24px}button{font:inherit;font-weight:600;border-radius:8px;padding:10px 18px;cursor:pointer}
button.primary{background:#0e7490;color:#fff;border:1px solid #0e7490}button.secondary{background:#fff;color:#0f172a;border:1px solid #cbd5e1}
button:hover{filter:brightness(.95)}button:focus-visible,a:focus-visible{outline:2px solid #0e7490;outline-offset:2px}
.foot{margin-top:28px;padding-top:16px;border-top:1px solid #e2e8f0;font-size:14px}.foot a{color:#0e7490}
</style></head>
<body><main><a class="brand" href="/"><span class="mark" aria-hidden="true">${escapeHtml(input.brand.slice(0, 1).toUpperCase())}</span>${escapeHtml(input.brand)}</a>
<p class="eyebrow">${escapeHtml(words.title)}</p><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${form}
<div class="foot"><a href="/app">${escapeHtml(words.openApp(input.brand))}</a></div></main></body></html>`;
}

/** The page in the person's saved language, else the browser's. */
function languageOf(state: DigestSubscriptionState, headers: Headers): MailLanguage {
  return chooseMailLanguage(state.kind === 'ok' ? state.locale : null, headers);
}

function answer(c: Context<AppEnv>, state: DigestSubscriptionState, token: string) {
  const { config } = c.get('deps');
  c.header('Cache-Control', 'no-store');
  const html = renderPage({ state, language: languageOf(state, c.req.raw.headers), brand: config.BRAND_NAME, token });
  return c.html(html, state.kind === 'invalid' ? 400 : state.kind === 'gone' ? 404 : 200);
}

digestRoutes.get(DIGEST_UNSUBSCRIBE_PATH, async (c) => {
  const token = c.req.query('token') ?? '';
  return answer(c, await getDigestSubscription(c.get('deps'), token), token);
});

digestRoutes.post(DIGEST_UNSUBSCRIBE_PATH, async (c) => {
  const token = c.req.query('token') ?? '';
  // A mail client's one-click POST carries "List-Unsubscribe=One-Click"; the page's buttons say which way.
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const optedOut = body.action !== 'resubscribe';
  return answer(c, await changeDigestSubscription(c.get('deps'), token, optedOut), token);
});
