/**
 * What the /api-docs page says about webhooks and the MCP server: the events, the headers, a
 * verification example and the assistant configurations. The wire format itself is the server's
 * (core/src/server/webhooks, api/src/mcp); tests/integration/webhooks.test.ts and mcp.test.ts
 * check that it behaves as described here.
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@gl/core/types';
import { API_KEY_PLACEHOLDER } from './api-examples';

const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'generation.completed': 'A generation finished: its id, brief, lines and source (from the site, the API or MCP).',
  'line.saved': 'A new line was saved to the library: the saved line (saving the same text again sends nothing).',
  'campaign.completed': 'Every line of a campaign has been written: the campaign with its days, platforms and lines.',
};
/** Every event the server sends, in its order, with what it means. */
export const WEBHOOK_EVENTS = WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] }));

export const WEBHOOK_HEADERS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'webhook-id', description: 'The message id (msg_…): the same on every retry of one event, so you can ignore repeats.' },
  { name: 'webhook-timestamp', description: 'When this attempt was sent, in seconds since 1970; reject messages older than five minutes.' },
  { name: 'webhook-signature', description: 'v1,<base64 HMAC-SHA256 of id.timestamp.body> with your endpoint secret.' },
];

export const WEBHOOK_PAYLOAD_EXAMPLE = {
  type: 'line.saved',
  timestamp: '2026-11-25T09:30:00.000Z',
  data: {
    id: '0b6f7c1e-4a53-4f0c-9a55-0f5e3d0c2b71',
    text: 'Fresh mandazi, every morning',
    category: 'taglines',
    tone: 'funny',
    createdAt: '2026-11-25T09:30:00.000Z',
    generationId: null,
  },
};

export const WEBHOOK_VERIFY_NODE = `// npm install standardwebhooks express
import express from 'express';
import { Webhook } from 'standardwebhooks';

const wh = new Webhook(process.env.GENIUS_LINES_WEBHOOK_SECRET); // whsec_...
const app = express();

// Verify the raw body: parsing and re-serialising JSON would change the bytes that were signed.
app.post('/genius-lines', express.text({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = wh.verify(req.body, req.headers);
  } catch {
    return res.status(400).send('bad signature');
  }
  // Answer fast (within 10 seconds); do slow work afterwards.
  res.sendStatus(204);
  console.log(event.type, event.data);
});

app.listen(3001);`;

export const WEBHOOK_VERIFY_PYTHON = `# pip install standardwebhooks flask
import os
from flask import Flask, request
from standardwebhooks.webhooks import Webhook

wh = Webhook(os.environ["GENIUS_LINES_WEBHOOK_SECRET"])  # whsec_...
app = Flask(__name__)

@app.post("/genius-lines")
def genius_lines():
    try:
        event = wh.verify(request.get_data(as_text=True), dict(request.headers))
    except Exception:
        return "bad signature", 400
    print(event["type"], event["data"])
    return "", 204`;

export const WEBHOOK_RULES: readonly string[] = [
  'Any 2xx answer within 10 seconds is a success. Anything else (another status, a timeout, a refused connection) is retried with growing delays: 30 seconds, then 1, 2, 4, 8… minutes, for about a day and a half, always with the same `webhook-id`.',
  'Redirects are not followed: give the final URL.',
  'URLs must use `https`, and their host must resolve to public addresses only: private, loopback and link-local addresses are refused (checked again before every attempt).',
  'An endpoint whose attempts have all failed for more than 24 hours is disabled, and you get an e-mail. Fix the receiver, then rotate its secret here to turn it back on.',
  'Each endpoint has its own secret, shown once when you add it or rotate it. Rotating stops the old secret at once.',
];

export const MCP_TOOLS_DOC: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: 'generate_lines',
    description: 'Writes lines for a brief (the fields of POST /api/v1/generate) and waits for them. Counts as a generation.',
  },
  { name: 'save_line', description: 'Saves a line to your library (text, category, tone).' },
  { name: 'list_saved_lines', description: 'Searches your library: search text, category, limit, cursor.' },
  { name: 'get_usage', description: "Today's usage: used, remaining, the daily limit and when it resets." },
];

export function mcpHttpUrl(origin: string): string {
  return `${origin}/api/mcp`;
}

/** A client that speaks Streamable HTTP itself: the URL and the bearer header. */
export function mcpHttpConfig(origin: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        'genius-lines': { type: 'http', url: mcpHttpUrl(origin), headers: { Authorization: `Bearer ${API_KEY_PLACEHOLDER}` } },
      },
    },
    null,
    2,
  );
}

export function mcpClaudeCodeCommand(origin: string): string {
  return `claude mcp add --transport http genius-lines ${mcpHttpUrl(origin)} \\\n  --header "Authorization: Bearer ${API_KEY_PLACEHOLDER}"`;
}

/** Claude Desktop (claude_desktop_config.json) and other clients that start a command: the stdio bridge from a checkout of Genius Lines. */
export function mcpStdioConfig(origin: string): string {
  return JSON.stringify(
    {
      mcpServers: {
        'genius-lines': {
          command: 'node',
          args: ['/path/to/genius-lines/server/bin/genius-lines-mcp.mjs'],
          env: { GENIUS_LINES_API_KEY: API_KEY_PLACEHOLDER, GENIUS_LINES_URL: origin || 'https://your-genius-lines-host' },
        },
      },
    },
    null,
    2,
  );
}
