/**
 * What the /api-docs page shows about webhooks and the MCP server: the events, the headers, a
 * verification example and the assistant configurations (the prose is in the `integrations` catalogue). The wire format itself is the server's
 * (core/src/server/webhooks, api/src/mcp); tests/integration/webhooks.test.ts and mcp.test.ts
 * check that it behaves as described here.
 */
import { WEBHOOK_EVENT_TYPES, type ApprovalDecidedEventDto, type WebhookEventType } from '@gl/core/types';
import { API_KEY_PLACEHOLDER } from './api-examples';

/**
 * Every event the server sends, in its order; what each means is `integrations:webhooks.events.<id>`
 * (the type with `_` for `.`, which separates catalogue keys).
 */
export const WEBHOOK_EVENTS = WEBHOOK_EVENT_TYPES.map((type: WebhookEventType) => ({ type, id: type.replace('.', '_') }));

/** The signature headers; what each carries is `integrations:webhooks.headers.<name>`. */
export const WEBHOOK_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/** The body of an `approval.decided` event (its `data` typed by the contract). */
export const APPROVAL_DECIDED_EXAMPLE: { type: 'approval.decided'; timestamp: string; data: ApprovalDecidedEventDto } = {
  type: 'approval.decided',
  timestamp: '2026-11-28T11:02:01.000Z',
  data: {
    approvalId: '7d1e2f3a-5b6c-4d7e-8f90-a1b2c3d4e5f6',
    title: 'Mama Mboga launch week',
    lineId: 'c0ffee00-1234-4abc-8def-0123456789ab',
    version: 2,
    text: 'Greens at your door by 8am',
    decision: 'approve',
    state: 'approved',
    reviewerName: 'Amina',
    comment: null,
    decidedAt: '2026-11-28T11:02:00.000Z',
  },
};

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

/** The delivery rules, each `integrations:webhooks.rules.<id>`. */
export const WEBHOOK_RULES = ['retries', 'fair', 'redirects', 'https', 'disabled', 'trust', 'secret', 'history'] as const;

/** The MCP server's tools; what each does is `integrations:mcp.tools.<name>`. */
export const MCP_TOOLS = ['generate_lines', 'save_line', 'list_saved_lines', 'get_usage'] as const;

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
