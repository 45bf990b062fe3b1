import { Hono } from 'hono';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { isFromThisMachine } from '../../lib/client-ip';
import { escapeHtml } from '../../lib/escape-html';
import { checkDatabase, checkStorage, listDevMail } from './system.service';

export const systemRoutes = new Hono<AppEnv>();

/** Liveness of this server and its database, for /status and load balancers. */
systemRoutes.get('/api/health', async (c) => {
  const deps = c.get('deps');
  const { engine } = deps.database;
  const check = await checkDatabase(deps);
  if (!check.ok) return c.json({ status: 'degraded', database: { engine, status: 'down' } }, 503);
  // A full disk is 'degraded' but still 200 (decision 077): this server still serves every read,
  // and a balancer that took it out, or a supervisor that restarted it, would not free the disk.
  const storage = checkStorage(deps);
  return c.json({
    status: storage.status === 'ok' ? 'ok' : 'degraded',
    database: { engine, status: 'ok', latencyMs: check.latencyMs },
    storage,
    version: process.env.npm_package_version ?? null,
    tenancy: deps.config.TENANCY,
  });
});

/**
 * The dev mailbox holds every sign-in link and confirmation the server has sent, so reading it is
 * as good as signing in as anyone. It exists only where it is needed and harmless: outside
 * production, without an SMTP server (with one, mail really goes out), and for callers on this
 * machine (the person trying Dealboard on their laptop, the e2e tests). "This machine" is decided
 * by the socket alone and refused whenever a proxy relayed the request (a proxy on this host makes
 * every caller's socket local), never by X-Forwarded-For. Anyone else gets a 404, as if it did not
 * exist. Decisions 015 and 024.
 */
export function canReadDevMailbox(c: Context<AppEnv>): boolean {
  const { config } = c.get('deps');
  if (config.isProduction || config.SMTP_URL) return false;
  return isFromThisMachine(c);
}

/**
 * The dev mailbox: mail the outbox holds. Lets a person (and the e2e tests) follow confirmation
 * and magic links without an SMTP server.
 */
systemRoutes.get('/api/dev/mail', async (c) => {
  if (!canReadDevMailbox(c)) return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  const mail = await listDevMail(c.get('deps'), c.req.query('to'));
  c.header('Cache-Control', 'no-store');
  return c.json({ mail });
});

systemRoutes.get('/dev/mailbox', async (c) => {
  const { config } = c.get('deps');
  if (!canReadDevMailbox(c)) return c.notFound();
  const rows = await listDevMail(c.get('deps'));
  // Every sign-in link of every person: no browser or proxy may keep a copy.
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const items = rows
    .map(
      (
        m,
      ) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</span></header>
${Object.entries(m.headers)
  .map(([name, value]) => `<code>${escapeHtml(name)}: ${escapeHtml(value)}</code>`)
  .join(
    '<br>',
  )}<pre>${escapeHtml(m.text)}</pre>${m.links.map((l) => `<a href="${escapeHtml(l)}">${escapeHtml(l)}</a>`).join('<br>')}</article>`,
    )
    .join('');
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox · ${escapeHtml(config.BRAND_NAME)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6fb;color:#0f172a;margin:0;padding:32px}main{max-width:760px;margin:auto}h1{font-size:22px}p{color:#475569}
article{background:#fff;border-radius:12px;padding:16px 20px;margin:12px 0;box-shadow:0 1px 2px #0001}header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}header span{color:#64748b;font-size:13px}
pre{white-space:pre-wrap;font-family:inherit;color:#334155}code{font-size:12px;color:#64748b;word-break:break-all}a{color:#0e7490;word-break:break-all}</style></head>
<body><main><h1>Dev mailbox</h1><p>No SMTP server is configured (SMTP_URL), so mail is kept here. Newest first. Only this machine can open this page, and it does not exist in production or once SMTP_URL is set.</p>
${items || '<p><em>No mail yet.</em></p>'}</main></body></html>`);
});
