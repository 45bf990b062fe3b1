/*
 * /api/docs: a readable API reference drawn from this server's own /api/openapi.json (no CDN
 * script: the content security policy allows scripts from this site only). Endpoints are grouped
 * by tag, with their parameters, request body fields and responses, who may call each (a token's
 * scope, the signed-in web app only, or anyone) and a curl example to copy.
 */

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
};
type Parameter = { name: string; in: 'query' | 'path' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
type Operation = {
  tags?: string[];
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
  security?: Record<string, string[]>[];
};
type Spec = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; securitySchemes?: Record<string, { type?: string; scheme?: string }> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const METHOD_TONE: Record<string, string> = {
  get: 'bg-primary-soft text-primary',
  post: 'bg-success-soft text-success-strong',
  put: 'bg-warning-soft text-warning-strong',
  patch: 'bg-warning-soft text-warning-strong',
  delete: 'bg-destructive-soft text-[oklch(0.47_0.19_25)]',
};

const root = document.querySelector<HTMLElement>('[data-api-docs]');

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string | null)[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, value);
  for (const child of children) if (child !== null) element.append(child);
  return element;
}

function resolve(spec: Spec, schema: Schema | undefined): Schema | undefined {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 10; depth++) current = spec.components?.schemas?.[current.$ref.split('/').pop() ?? ''];
  return current;
}

function describeType(spec: Spec, raw: Schema | undefined): string {
  const schema = resolve(spec, raw);
  if (!schema) return 'any';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((v) => describeType(spec, v)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'object');
  if (type === 'array') return `${describeType(spec, schema.items)}[]`;
  const limits = [
    schema.format,
    schema.minLength !== undefined ? `≥ ${schema.minLength} chars` : '',
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} chars` : '',
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : '',
  ].filter(Boolean);
  return limits.length ? `${type} (${limits.join(', ')})` : type;
}

/** Who may call an operation: a personal access token with one scope, only the signed-in web app, or anyone. */
type Caller = { kind: 'token'; scope: string } | { kind: 'session' } | { kind: 'public' };

function describeCaller(spec: Spec, op: Operation): Caller {
  const schemes = spec.components?.securitySchemes ?? {};
  const bearer = Object.keys(schemes).find((name) => schemes[name]?.type === 'http' && schemes[name]?.scheme === 'bearer');
  for (const requirement of op.security ?? []) {
    const scope = bearer ? requirement[bearer]?.[0] : undefined;
    if (scope) return { kind: 'token', scope };
  }
  // No security of its own: the document's default (the session cookie) unless it answers 401 never.
  const needsAuth = Object.keys(op.responses ?? {}).includes('401');
  return needsAuth ? { kind: 'session' } : { kind: 'public' };
}

/** A value of the schema's type to put in an example: its default, first choice or a placeholder. */
function exampleOf(spec: Spec, raw: Schema | undefined, depth = 0): unknown {
  const schema = resolve(spec, raw);
  if (!schema || depth > 4) return null;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return exampleOf(spec, variants.find((v) => resolve(spec, v)?.type !== 'null') ?? variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date') return '2026-11-24';
      if (schema.format === 'date-time') return '2026-11-24T09:00:00Z';
      if (schema.format === 'email') return 'ingrid@example.no';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'text';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [exampleOf(spec, schema.items, depth + 1)];
    default: {
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name));
      return Object.fromEntries(entries.map(([name, property]) => [name, exampleOf(spec, property, depth + 1)]));
    }
  }
}

/** A curl command for one operation: path parameters as <name>, required query parameters and body fields filled in. */
function curlOf(spec: Spec, origin: string, method: string, url: string, op: Operation, caller: Caller): string {
  const path = url.replace(/\{([^}]+)\}/g, '<$1>');
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(spec, p.schema)))}`);
  const lines = [
    `curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "${origin}${path}${query.length ? `?${query.join('&')}` : ''}"`,
  ];
  if (caller.kind === 'token') lines.push(`-H "Authorization: Bearer $DEALBOARD_TOKEN"`);
  if (caller.kind === 'session') lines.push(`-H "cookie: __Secure-dealboard.session_token=..."`);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d '${JSON.stringify(exampleOf(spec, body)).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n  ');
}

/** A code block with a button that copies it (the text stays selectable where the clipboard is refused). */
function copyableCode(code: string, text: DOMStringMap): HTMLElement {
  const pre = h(
    'pre',
    { class: 'overflow-x-auto rounded-lg bg-foreground p-4 pr-20 text-xs leading-6 text-background' },
    h('code', {}, code),
  );
  const button = h(
    'button',
    {
      type: 'button',
      class:
        'absolute top-2 right-2 rounded-md border border-background/30 bg-foreground px-2.5 py-1 text-xs font-medium text-background hover:bg-background/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    },
    text.textCopy ?? 'Copy',
  );
  button.addEventListener('click', () => {
    void navigator.clipboard.writeText(code).then(
      () => {
        button.textContent = text.textCopied ?? 'Copied';
        window.setTimeout(() => (button.textContent = text.textCopy ?? 'Copy'), 2000);
      },
      () => window.getSelection()?.selectAllChildren(pre),
    );
  });
  return h('div', { class: 'relative mt-2' }, pre, button);
}

function fieldList(
  spec: Spec,
  title: string,
  fields: { name: string; type: string; required: boolean }[],
  requiredText: string,
): HTMLElement | null {
  if (fields.length === 0) return null;
  return h(
    'div',
    { class: 'mt-4' },
    h('p', { class: 'text-xs font-semibold tracking-wide text-muted-foreground uppercase' }, title),
    h(
      'ul',
      { class: 'mt-2 grid gap-1 text-sm' },
      ...fields.map((field) =>
        h(
          'li',
          { class: 'flex flex-wrap items-baseline gap-x-2 rounded-md bg-muted/60 px-3 py-1.5' },
          h('code', { class: 'font-semibold' }, field.name),
          h('span', { class: 'text-muted-foreground' }, field.type),
          field.required ? h('span', { class: 'text-xs font-medium text-destructive' }, requiredText) : null,
        ),
      ),
    ),
  );
}

function render(root: HTMLElement, spec: Spec): void {
  const text = root.dataset;
  // The document's server is this installation's public address; its paths start with /api/v1.
  const origin = (spec.servers?.[0]?.url ?? window.location.origin).replace(/\/$/, '');
  const base = `${origin}/api/v1`;
  const groups = new Map<string, { method: string; path: string; op: Operation }[]>();
  let count = 0;
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      count++;
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push({ method, path, op });
    }
  }
  const sorted = [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
  const slug = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

  const toc = h(
    'nav',
    { 'aria-label': text.textEndpoints?.replace('{count}', String(count)) ?? 'Endpoints', class: 'hidden lg:block' },
    h(
      'div',
      { class: 'sticky top-24' },
      h('p', { class: 'text-sm font-semibold' }, text.textEndpoints?.replace('{count}', String(count)) ?? ''),
      h(
        'ul',
        { class: 'mt-3 grid gap-1 border-l text-sm' },
        ...sorted.map(([tag, ops]) =>
          h(
            'li',
            {},
            h(
              'a',
              {
                href: `#${slug(tag)}`,
                class:
                  '-ml-px block border-l border-transparent py-1 pl-4 text-muted-foreground hover:border-primary hover:text-foreground',
              },
              `${tag} (${ops.length})`,
            ),
          ),
        ),
      ),
    ),
  );

  const sections = sorted.map(([tag, ops]) =>
    h(
      'section',
      { id: slug(tag), 'aria-labelledby': `${slug(tag)}-title`, class: 'scroll-mt-24' },
      h('h2', { id: `${slug(tag)}-title`, class: 'text-xl font-semibold tracking-tight' }, tag),
      h(
        'div',
        { class: 'mt-4 grid gap-3' },
        ...ops.map(({ method, path, op }) => {
          const params = (where: Parameter['in']) =>
            (op.parameters ?? [])
              .filter((p) => p.in === where)
              .map((p) => ({ name: p.name, type: describeType(spec, p.schema), required: Boolean(p.required) }));
          const body = resolve(spec, op.requestBody?.content?.['application/json']?.schema);
          const bodyFields = Object.entries(body?.properties ?? {}).map(([name, schema]) => ({
            name,
            type: describeType(spec, schema),
            required: body?.required?.includes(name) ?? false,
          }));
          const responses = Object.entries(op.responses ?? {});
          const caller = describeCaller(spec, op);
          const url = path.startsWith('/api') ? path : `/api/v1${path}`;
          const badge =
            caller.kind === 'token'
              ? h(
                  'span',
                  { class: 'rounded-md bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary', 'data-token-scope': caller.scope },
                  (text.textToken ?? '{scope}').replace('{scope}', caller.scope),
                )
              : h(
                  'span',
                  { class: 'text-xs font-medium text-muted-foreground' },
                  (caller.kind === 'session' ? text.textAuth : text.textPublic) ?? '',
                );
          return h(
            'details',
            { class: 'group rounded-xl border bg-card shadow-card', 'data-operation': `${method.toUpperCase()} ${url}` },
            h(
              'summary',
              {
                class: 'flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3 [&::-webkit-details-marker]:hidden',
              },
              h(
                'span',
                { class: `w-16 shrink-0 rounded-md px-2 py-0.5 text-center text-xs font-bold uppercase ${METHOD_TONE[method] ?? ''}` },
                method,
              ),
              h('code', { class: 'text-sm font-semibold break-all' }, url),
              h('span', { class: 'w-full text-sm text-muted-foreground sm:w-auto sm:flex-1' }, op.summary ?? ''),
              badge,
            ),
            h(
              'div',
              { class: 'border-t px-4 pb-4' },
              h(
                'div',
                { class: 'mt-4' },
                h('p', { class: 'text-xs font-semibold tracking-wide text-muted-foreground uppercase' }, text.textExample ?? ''),
                copyableCode(curlOf(spec, origin, method, url, op, caller), text),
              ),
              fieldList(spec, text.textPath ?? '', params('path'), text.textRequired ?? ''),
              fieldList(spec, text.textQuery ?? '', params('query'), text.textRequired ?? ''),
              fieldList(spec, text.textBody ?? '', bodyFields, text.textRequired ?? ''),
              h(
                'div',
                { class: 'mt-4' },
                h('p', { class: 'text-xs font-semibold tracking-wide text-muted-foreground uppercase' }, text.textResponses ?? ''),
                h(
                  'ul',
                  { class: 'mt-2 grid gap-1 text-sm' },
                  ...responses.map(([code, response]) =>
                    h(
                      'li',
                      { class: 'flex gap-3' },
                      h('code', { class: 'font-semibold' }, code),
                      h('span', { class: 'text-muted-foreground' }, response.description ?? ''),
                    ),
                  ),
                ),
              ),
            ),
          );
        }),
      ),
    ),
  );

  const tokenExample = `curl "${base}/activities?updatedSince=2026-11-01T00:00:00Z" \\\n  -H "Authorization: Bearer $DEALBOARD_TOKEN"`;
  root.replaceChildren(
    h(
      'p',
      { class: 'mb-6 text-sm text-muted-foreground' },
      `${text.textBaseUrl ?? ''}: `,
      h('code', { class: 'rounded bg-muted px-1.5 py-0.5 font-semibold text-foreground' }, base),
    ),
    h(
      'section',
      { class: 'mb-12 rounded-2xl border bg-card p-6 shadow-card', 'aria-labelledby': 'api-docs-auth-title', 'data-api-docs-auth': '' },
      h('h2', { id: 'api-docs-auth-title', class: 'text-lg font-semibold tracking-tight' }, text.textAuthTitle ?? ''),
      h('p', { class: 'mt-2 max-w-3xl leading-7 text-muted-foreground' }, text.textAuthText ?? ''),
      copyableCode(tokenExample, text),
    ),
    h('div', { class: 'grid gap-12 lg:grid-cols-[15rem_1fr]' }, toc, h('div', { class: 'grid min-w-0 gap-12' }, ...sections)),
  );
  root.dataset.loaded = String(count);
}

async function load(root: HTMLElement): Promise<void> {
  try {
    const response = await fetch(root.dataset.specUrl ?? '/api/openapi.json', { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(String(response.status));
    render(root, (await response.json()) as Spec);
  } catch {
    const status = root.querySelector('[data-api-docs-status]');
    if (status) status.textContent = root.dataset.textFailed ?? 'The API description could not be loaded.';
  }
}

if (root) void load(root);

export {};
