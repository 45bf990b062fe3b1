/*
 * /status: asks GET /api/health now and every few seconds, and shows whether this server and
 * its database answer. The words come from the page (data-text-*), in its language.
 */

type Health = {
  status: 'ok' | 'degraded';
  database: { engine: 'pglite' | 'postgres'; status: 'ok' | 'down'; latencyMs?: number };
  version?: string | null;
  tenancy?: 'single' | 'multi';
};

const root = document.querySelector<HTMLElement>('[data-status]');

/**
 * The page's language as Intl writes its clock: English pages in 24-hour British style, as the app
 * (core/language's INTL_LOCALES, written out: an island loads no module it would share with the app).
 */
const PAGE_LOCALES: Record<string, string> = { en: 'en-GB', nb: 'nb-NO', sv: 'sv-SE', da: 'da-DK' };

function enhance(root: HTMLElement): void {
  const text = root.dataset;
  const url = text.healthUrl ?? '/api/health';
  const seconds = Number(text.refreshSeconds ?? 15);
  const summary = root.querySelector<HTMLElement>('[data-status-state]')!;
  const headline = root.querySelector<HTMLElement>('[data-status-headline]')!;
  const checked = root.querySelector<HTMLElement>('[data-status-checked]')!;
  const refresh = root.querySelector<HTMLButtonElement>('[data-status-refresh]');
  const time = new Intl.DateTimeFormat(PAGE_LOCALES[document.documentElement.lang] ?? 'en-GB', { timeStyle: 'medium' });
  let timer = 0;

  function setComponent(name: 'server' | 'database', state: 'ok' | 'problem' | 'checking', detail: string): void {
    const item = root.querySelector<HTMLElement>(`[data-status-component="${name}"]`)!;
    item.dataset.statusState = state;
    item.querySelector<HTMLElement>('[data-status-detail]')!.textContent = detail || '\u00a0';
    item.querySelector<HTMLElement>('[data-status-label-text]')!.textContent =
      (state === 'ok' ? text.textUp : state === 'problem' ? text.textProblem : text.textUnknown) ?? '';
  }

  async function check(): Promise<void> {
    window.clearTimeout(timer);
    let health: Health | null = null;
    let reached = false;
    try {
      const response = await fetch(url, { cache: 'no-store', headers: { accept: 'application/json' } });
      reached = true;
      health = (await response.json()) as Health;
    } catch {
      health = null;
    }
    const databaseOk = health?.database?.status === 'ok';
    const state = reached && databaseOk ? 'ok' : 'problem';
    summary.dataset.statusState = state;
    root.dataset.health = !reached ? 'down' : databaseOk ? 'ok' : 'degraded';
    headline.textContent = (!reached ? text.textDown : databaseOk ? text.textOperational : text.textDegraded) ?? '';
    checked.textContent = (text.textChecked ?? '{time}').replace('{time}', time.format(new Date()));

    const serverDetail = [
      health?.version ? (text.textVersion ?? '').replace('{version}', health.version) : '',
      health?.tenancy ? (health.tenancy === 'multi' ? text.textTenancyMulti : text.textTenancySingle) : '',
    ]
      .filter(Boolean)
      .join(' · ');
    setComponent('server', reached ? 'ok' : 'problem', serverDetail);
    const engine = health?.database?.engine === 'postgres' ? text.textEnginePostgres : health?.database ? text.textEnginePglite : '';
    const latency =
      typeof health?.database?.latencyMs === 'number' ? (text.textLatency ?? '').replace('{ms}', String(health.database.latencyMs)) : '';
    setComponent('database', !reached ? 'checking' : databaseOk ? 'ok' : 'problem', [engine, latency].filter(Boolean).join(' · '));
    timer = window.setTimeout(() => void check(), seconds * 1000);
  }

  refresh?.addEventListener('click', () => void check());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void check();
  });
  void check();
}

if (root) enhance(root);

export {};
