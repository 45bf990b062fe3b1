import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { createRouter } from '../../lib/http';
import { leavesAccountsAlone, loadCaller, requireAnyToken } from '../session/session.middleware';
import { type ApiCall, MCP_TOOLS, type McpTool } from './mcp-tools';

/** Sends a request to the server's own API (app.fetch, marked as the server's own) and answers its response. */
export type CallOwnApi = (request: Request, c: Context<AppEnv>) => Promise<Response>;

/** The headers a tool's request carries over from the assistant's: who it is, and the language to answer in. */
const CARRIED_HEADERS = ['authorization', 'accept-language'] as const;

/** The request a tool makes: the REST route under /api/v1, as the token's member. */
function toRequest(c: Context<AppEnv>, call: ApiCall): Request {
  const url = new URL(`/api/v1${call.path}`, c.req.url);
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  const headers = new Headers({ accept: 'application/json' });
  for (const name of CARRIED_HEADERS) {
    const value = c.req.header(name);
    if (value) headers.set(name, value);
  }
  headers.set('origin', new URL(c.get('deps').config.publicUrl).origin);
  if (call.body === undefined) return new Request(url, { method: call.method, headers });
  headers.set('content-type', 'application/json');
  return new Request(url, { method: call.method, headers, body: JSON.stringify(call.body) });
}

/**
 * A tool's answer: the route's JSON as text (what an assistant reads), or its refusal as an error
 * result with the route's own words (a missing scope, a wrong value, a right the member lacks).
 */
async function runTool(c: Context<AppEnv>, callOwnApi: CallOwnApi, tool: McpTool, args: unknown): Promise<CallToolResult> {
  const response = await callOwnApi(toRequest(c, tool.toCall(args as never)), c);
  const text = await response.text();
  if (response.ok) return { content: [{ type: 'text', text }] };
  let reason = text;
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string; details?: Record<string, string> } };
    const details = Object.entries(error?.details ?? {}).map(([field, message]) => `${field}: ${message}`);
    // A limit or a busy server says when to try again, as the route's header says it.
    const retryAfter = response.headers.get('retry-after');
    reason = [`${response.status} ${error?.code ?? ''}`.trim(), error?.message, ...details, retryAfter && `Retry after ${retryAfter} s.`]
      .filter(Boolean)
      .join('\n');
  } catch {
    // Not the API's JSON error: its text as it came.
  }
  return { isError: true, content: [{ type: 'text', text: reason }] };
}

/**
 * POST /api/mcp: a Model Context Protocol server over Streamable HTTP (decision 118), for AI
 * assistants with a member's personal access token. Stateless: each request is answered on its own
 * (JSON, no session, no stream), so any instance serves any request. It lists the tools the token's
 * scopes allow, and each tool is one request to the REST API as that token.
 */
export function createMcpRoutes(callOwnApi: CallOwnApi) {
  const routes = createRouter();
  routes.use('/mcp', loadCaller);
  // The writes it makes go through the routes it calls, which wait for what they changed themselves.
  routes.on('POST', '/mcp', requireAnyToken, leavesAccountsAlone, async (c) => {
    const scopes = c.get('token')!.scopes;
    const tools = MCP_TOOLS.filter((entry) => scopes.includes(entry.scope));
    if (tools.length === 0) {
      return c.json(
        {
          error: {
            code: 'insufficient_scope',
            message: 'This token may use none of the tools: give it stats:read, activities:read or activities:write.',
          },
        },
        403,
      );
    }
    // One message a request: a batch would run its calls side by side, each a request of the
    // server's own past the admission gate (the protocol dropped batches in 2025-06-18).
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) {
      return c.json({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'The body is not JSON.' } }, 400);
    }
    if (Array.isArray(body)) {
      return c.json(
        { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Send one message a request: batches are not answered.' } },
        400,
      );
    }
    const { BRAND_NAME } = c.get('deps').config;
    const server = new McpServer(
      { name: `${BRAND_NAME.toLowerCase()}-mcp`, title: BRAND_NAME, version: '1.0.0' },
      {
        instructions: `${BRAND_NAME} is a sales-activity tracker: members log calls, meetings and sales, earn points, and are measured by KPIs, targets, contests and boards. The tools read them and log activities as the token's member, with that member's rights.`,
      },
    );
    for (const tool of tools) {
      server.registerTool(
        tool.name,
        {
          title: tool.title,
          description: tool.description,
          inputSchema: tool.input,
          annotations: { title: tool.title, readOnlyHint: tool.readOnly, destructiveHint: false, openWorldHint: false },
        },
        (args) => runTool(c, callOwnApi, tool, args),
      );
    }
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, { parsedBody: body });
    } finally {
      await server.close();
    }
  });
  // No stream to open and no session to end: a stateless server says so (the protocol's 405).
  routes.on(['GET', 'DELETE'], '/mcp', requireAnyToken, (c) => {
    c.header('Allow', 'POST');
    return c.json({ error: { code: 'method_not_allowed', message: 'This MCP server answers POST requests only (stateless, JSON).' } }, 405);
  });
  return routes;
}
