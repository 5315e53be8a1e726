import { MCP_TOOLS_DOC, mcpClaudeCodeCommand, mcpHttpConfig, mcpHttpUrl, mcpStdioConfig } from '../../content/integrations';
import { API_KEY_PLACEHOLDER } from '../../content/api-examples';
import { CodeBlock } from './CodeBlock';
import { Inline } from './Inline';

export function McpTab({ origin }: { origin: string }) {
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">MCP</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          <Inline text="Genius Lines is a Model Context Protocol server, so AI assistants can write, save and find lines for you. It uses your Business API key, with the same plan rules and usage as the API; bad arguments come back as a tool error with the reason." />
        </p>
      </div>
      <section aria-labelledby="mcp-tools">
        <h3 id="mcp-tools" className="text-lg font-semibold text-slate-900 dark:text-white">
          Tools
        </h3>
        <dl className="mt-3 space-y-3">
          {MCP_TOOLS_DOC.map((t) => (
            <div key={t.name}>
              <dt className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{t.name}</dt>
              <dd className="text-sm text-slate-700 dark:text-slate-300">{t.description}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="mcp-http" className="space-y-3">
        <h3 id="mcp-http" className="text-lg font-semibold text-slate-900 dark:text-white">
          Over HTTP (remote)
        </h3>
        <p className="text-slate-700 dark:text-slate-300">
          <Inline text="Clients that speak Streamable HTTP connect to this URL with your key in the `Authorization` header. The server is stateless: no session to keep." />
        </p>
        <CodeBlock title="MCP endpoint" code={mcpHttpUrl(origin)} />
        <CodeBlock title="Header" language="http" code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`} />
        <CodeBlock title="MCP client configuration (HTTP)" language="json" code={mcpHttpConfig(origin)} />
        <CodeBlock title="Claude Code" language="bash" code={mcpClaudeCodeCommand(origin)} />
      </section>
      <section aria-labelledby="mcp-stdio" className="space-y-3">
        <h3 id="mcp-stdio" className="text-lg font-semibold text-slate-900 dark:text-white">
          Over stdio (Claude Desktop and other desktop assistants)
        </h3>
        <p className="text-slate-700 dark:text-slate-300">
          <Inline text="Assistants that start a local command run `genius-lines-mcp` from a checkout of Genius Lines (`npm run mcp`, or `npx genius-lines-mcp` inside it). It reads the key from `GENIUS_LINES_API_KEY` and calls the server at `GENIUS_LINES_URL`. Add it to `claude_desktop_config.json`:" />
        </p>
        <CodeBlock title="claude_desktop_config.json" language="json" code={mcpStdioConfig(origin)} />
      </section>
    </div>
  );
}
