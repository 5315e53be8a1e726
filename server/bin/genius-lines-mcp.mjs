#!/usr/bin/env node
/**
 * genius-lines-mcp: the Genius Lines MCP server over stdio, for desktop assistants (Claude Desktop,
 * any MCP client that starts a command). It serves the same tools as POST /api/mcp by calling that
 * endpoint with the API key from the environment, so plan rules, quotas and answers are the
 * server's own.
 *
 *   GENIUS_LINES_API_KEY  a Business API key (gl_...), required
 *   GENIUS_LINES_URL      where Genius Lines runs (default http://localhost:3000)
 *
 * stdout carries the protocol only; messages for people go to stderr.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const VERSION = '1.0.0';
const key = process.env.GENIUS_LINES_API_KEY?.trim();
const base = (process.env.GENIUS_LINES_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, '');

if (!key) {
  console.error('genius-lines-mcp: set GENIUS_LINES_API_KEY to a Business API key (gl_...), made on the API docs page.');
  process.exit(1);
}
if (!URL.canParse(base)) {
  console.error(`genius-lines-mcp: GENIUS_LINES_URL is not a URL: ${base}`);
  process.exit(1);
}
const endpoint = new URL(`${base}/api/mcp`);

/** What went wrong, in words for the assistant's user (the server's own message when it sent one). */
function describe(err) {
  if (err instanceof StreamableHTTPError) {
    let message = err.message;
    const json = /\{.*\}$/s.exec(err.message)?.[0];
    if (json) {
      try {
        message = JSON.parse(json).error ?? message;
      } catch {
        /* keep the raw message */
      }
    }
    if (err.code === 401) return `Genius Lines refused the API key: ${message}`;
    if (err.code === 403) return `Genius Lines refused: ${message}`;
    return `Genius Lines answered ${err.code}: ${message}`;
  }
  return `Genius Lines at ${base} could not be reached: ${err?.message ?? String(err)}`;
}

let connecting;
/** One HTTP client, connected on first use; a failed connection is tried again on the next call. */
function remote() {
  connecting ??= (async () => {
    const client = new Client({ name: 'genius-lines-mcp', version: VERSION });
    const transport = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { Authorization: `Bearer ${key}` } } });
    await client.connect(transport);
    return client;
  })().catch((err) => {
    connecting = undefined;
    throw err;
  });
  return connecting;
}

const server = new Server(
  { name: 'genius-lines', title: 'Genius Lines', version: VERSION },
  {
    capabilities: { tools: { listChanged: false } },
    instructions:
      'Genius Lines writes short creative lines (taglines, bios, captions, quotes, slogans, ad lines) and keeps a searchable library of saved lines. Use generate_lines for new lines, save_line to keep one, list_saved_lines to find saved ones, get_usage for the remaining quota.',
  },
);

server.setRequestHandler(ListToolsRequestSchema, async (request) => {
  try {
    return await (await remote()).listTools(request.params);
  } catch (err) {
    // tools/list has no error result: the assistant shows this message.
    throw new Error(describe(err));
  }
});

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return await (await remote()).callTool(request.params);
  } catch (err) {
    return { content: [{ type: 'text', text: describe(err) }], isError: true };
  }
});

const stdio = new StdioServerTransport();
stdio.onclose = () => process.exit(0);
await server.connect(stdio);
console.error(`genius-lines-mcp: serving ${endpoint.href} over stdio`);
