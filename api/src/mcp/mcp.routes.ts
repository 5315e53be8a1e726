import type { IncomingMessage } from 'node:http';
import type { Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { ApiContext } from '../api-context';
import { SENT, defineResource } from '../http/route';
import { createMcpServer } from './mcp-server';
import { PublicApiService, type ApiCaller } from '../api-keys';
import { apiKeyAuth } from '../api-keys';

function mcpDeps(ctx: ApiContext) {
  return { ctx, api: new PublicApiService(ctx) };
}
type McpDeps = ReturnType<typeof mcpDeps>;

/** A stateless server has no stream to open (GET) and no session to end (DELETE): 405, as the specification allows. */
function methodNotAllowed(res: Response) {
  res
    .status(405)
    .set('Allow', 'POST')
    .json({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send JSON-RPC with POST.' },
      id: null,
    });
  return SENT;
}

/**
 * A JSON-RPC batch (an array of messages in one POST): the current MCP revision (2025-06-18) removed
 * batching, and a batch would let one request run up to a hundred tool calls. 400 with a JSON-RPC
 * Invalid Request error, before the SDK sees it; nothing in it runs.
 */
function batchRefused(res: Response) {
  res.status(400).json({
    jsonrpc: '2.0',
    error: { code: -32600, message: 'Batch requests are not supported: send one JSON-RPC message per POST.' },
    id: null,
  });
  return SENT;
}

/**
 * /api/mcp: the Model Context Protocol over Streamable HTTP, stateless (a fresh server and
 * transport per request, answers as JSON), authenticated like /api/v1 by a Business API key as
 * the bearer token. The tools call the same service as /api/v1.
 */
export const mcpResource = defineResource({
  prefix: '/mcp',
  tag: 'MCP',
  deps: mcpDeps,
  middleware: (deps: McpDeps) => [apiKeyAuth(deps.api)],
  routes: (route) => [
    route({
      method: 'post',
      path: '/',
      summary: 'Model Context Protocol (Streamable HTTP): tools generate_lines, save_line, list_saved_lines, get_usage',
      description:
        'JSON-RPC 2.0 messages of the Model Context Protocol (initialize, tools/list, tools/call), answered as JSON; stateless, so no Mcp-Session-Id is needed. One message per POST: a JSON-RPC batch (an array) is refused with 400 and a JSON-RPC error (-32600), as the current MCP revision removed batching. Authenticated like /api/v1 (Authorization: Bearer gl_... of the Business plan); tools follow the same plan rules and quotas. Send Accept: application/json, text/event-stream.',
      auth: 'apiKey',
      content: {
        'application/json': { schema: { type: 'object', description: 'A JSON-RPC 2.0 response (or error) of the Model Context Protocol' } },
      },
      errors: [400, 401, 403],
      handler: async ({ req, res, deps }) => {
        if (Array.isArray(req.body)) return batchRefused(res);
        const caller = res.locals.apiCaller as ApiCaller;
        const server = createMcpServer(deps.api, caller, req.log ?? deps.ctx.logger);
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
        res.on('close', () => {
          void transport.close();
          void server.close();
        });
        await server.connect(transport);
        // Our own `req.auth` (a session) is not the SDK's AuthInfo: the caller is already on res.locals.
        await transport.handleRequest(req as unknown as IncomingMessage, res, req.body);
        return SENT;
      },
    }),
    route({
      method: 'get',
      path: '/',
      summary: 'Not offered: the MCP server is stateless (405)',
      auth: 'apiKey',
      internal: true,
      errors: [401, 405],
      handler: ({ res }) => methodNotAllowed(res),
    }),
    route({
      method: 'delete',
      path: '/',
      summary: 'Not offered: the MCP server is stateless (405)',
      auth: 'apiKey',
      internal: true,
      errors: [401, 405],
      handler: ({ res }) => methodNotAllowed(res),
    }),
  ],
});
