import {
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_PAYLOAD_EXAMPLE,
  WEBHOOK_RULES,
  WEBHOOK_VERIFY_NODE,
  WEBHOOK_VERIFY_PYTHON,
} from '../../content/integrations';
import { CodeBlock } from './CodeBlock';
import { Inline } from './Inline';
import { WebhooksPanel } from './WebhooksPanel';

export function WebhooksTab() {
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Webhooks</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Instead of polling, let Genius Lines call your server when something happens. Each event is a signed JSON POST that follows the{' '}
          <a
            href="https://www.standardwebhooks.com/"
            className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300"
            target="_blank"
            rel="noopener"
          >
            Standard Webhooks
          </a>{' '}
          specification, so its libraries verify it in a few lines. Webhooks are part of the Business plan.
        </p>
      </div>
      <section aria-labelledby="webhooks-endpoints" className="space-y-3">
        <h3 id="webhooks-endpoints" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your endpoints
        </h3>
        <WebhooksPanel />
      </section>
      <section aria-labelledby="webhooks-events" className="space-y-3">
        <h3 id="webhooks-events" className="text-lg font-semibold text-slate-900 dark:text-white">
          Events
        </h3>
        <dl className="space-y-3">
          {WEBHOOK_EVENTS.map((e) => (
            <div key={e.type}>
              <dt className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{e.type}</dt>
              <dd className="text-sm text-slate-700 dark:text-slate-300">{e.description}</dd>
            </div>
          ))}
        </dl>
        <CodeBlock title="Body of a line.saved event" language="json" code={JSON.stringify(WEBHOOK_PAYLOAD_EXAMPLE, null, 2)} />
      </section>
      <section aria-labelledby="webhooks-verify" className="space-y-3">
        <h3 id="webhooks-verify" className="text-lg font-semibold text-slate-900 dark:text-white">
          Verify the signature
        </h3>
        <dl className="space-y-3">
          {WEBHOOK_HEADERS.map((h) => (
            <div key={h.name}>
              <dt className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{h.name}</dt>
              <dd className="text-sm text-slate-700 dark:text-slate-300">{h.description}</dd>
            </div>
          ))}
        </dl>
        <CodeBlock title="Node.js receiver" language="javascript" code={WEBHOOK_VERIFY_NODE} />
        <CodeBlock title="Python receiver" language="python" code={WEBHOOK_VERIFY_PYTHON} />
      </section>
      <section aria-labelledby="webhooks-rules">
        <h3 id="webhooks-rules" className="text-lg font-semibold text-slate-900 dark:text-white">
          Retries, limits and disabling
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
          {WEBHOOK_RULES.map((rule) => (
            <li key={rule}>
              <Inline text={rule} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
