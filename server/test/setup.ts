import { getRequestListener } from '@hono/node-server';

/*
 * Every server test file runs with the globals the real server has. The Node adapter swaps in its
 * own Request and Response the first time a listener is made (main.ts's serve() does at start), and
 * the swap lasts for the process. Server files share their worker (isolate: false, decision 059),
 * so without this a file would see the plain globals or the adapter's depending on whether an
 * earlier file in its worker had started an HTTP server.
 */
getRequestListener(() => new Response(null));
