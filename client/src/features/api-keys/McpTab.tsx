import { useTranslation } from 'react-i18next';
import { MCP_TOOLS, mcpClaudeCodeCommand, mcpHttpConfig, mcpHttpUrl, mcpStdioConfig } from './integrations';
import { API_KEY_PLACEHOLDER } from './api-examples';
import { CodeBlock } from './CodeBlock';
import { Inline } from './Inline';

/** The desktop assistants' configuration file, as its code block is titled. */
const DESKTOP_CONFIG_FILE = 'claude_desktop_config.json';

export function McpTab({ origin }: { origin: string }) {
  const { t } = useTranslation('integrations');
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('mcp.heading')}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          <Inline text={t('mcp.intro')} />
        </p>
      </div>
      <section aria-labelledby="mcp-tools">
        <h3 id="mcp-tools" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('mcp.toolsHeading')}
        </h3>
        <dl className="mt-3 space-y-3">
          {MCP_TOOLS.map((name) => (
            <div key={name}>
              <dt className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{name}</dt>
              <dd className="text-sm text-slate-700 dark:text-slate-300">{t(`mcp.tools.${name}`)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="mcp-http" className="space-y-3">
        <h3 id="mcp-http" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('mcp.httpHeading')}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">
          <Inline text={t('mcp.httpBody')} />
        </p>
        <CodeBlock title={t('mcp.endpointTitle')} code={mcpHttpUrl(origin)} />
        <CodeBlock title={t('mcp.headerTitle')} language="http" code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`} />
        <CodeBlock title={t('mcp.httpConfigTitle')} language="json" code={mcpHttpConfig(origin)} />
        <CodeBlock title={t('mcp.claudeCodeTitle')} language="bash" code={mcpClaudeCodeCommand(origin)} />
      </section>
      <section aria-labelledby="mcp-stdio" className="space-y-3">
        <h3 id="mcp-stdio" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('mcp.stdioHeading')}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">
          <Inline text={t('mcp.stdioBody')} />
        </p>
        <CodeBlock title={DESKTOP_CONFIG_FILE} language="json" code={mcpStdioConfig(origin)} />
      </section>
    </div>
  );
}
