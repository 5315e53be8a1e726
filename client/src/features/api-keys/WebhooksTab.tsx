import { Trans, useTranslation } from 'react-i18next';
import { WEBHOOK_CHANGES_PER_HOUR } from '@gl/core/types';
import {
  APPROVAL_DECIDED_EXAMPLE,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_PAYLOAD_EXAMPLE,
  WEBHOOK_RULES,
  WEBHOOK_VERIFY_NODE,
  WEBHOOK_VERIFY_PYTHON,
} from './integrations';
import { CodeBlock } from './CodeBlock';
import { Inline } from './Inline';
import { WebhooksPanel } from '../webhooks/WebhooksPanel';

export function WebhooksTab() {
  const { t } = useTranslation('integrations');
  const events = t('webhooks.events', { returnObjects: true }) as Readonly<Record<string, string>>;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('webhooks.heading')}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          <Trans
            t={t}
            i18nKey="webhooks.intro"
            components={{
              spec: (
                <a
                  href="https://www.standardwebhooks.com/"
                  className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300"
                  target="_blank"
                  rel="noopener"
                />
              ),
            }}
          />
        </p>
      </div>
      <section aria-labelledby="webhooks-endpoints" className="space-y-3">
        <h3 id="webhooks-endpoints" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('webhooks.endpointsHeading')}
        </h3>
        <WebhooksPanel />
      </section>
      <section aria-labelledby="webhooks-events" className="space-y-3">
        <h3 id="webhooks-events" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('webhooks.eventsHeading')}
        </h3>
        <dl className="space-y-3">
          {WEBHOOK_EVENTS.map((e) => (
            <div key={e.type}>
              <dt className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{e.type}</dt>
              <dd className="text-sm text-slate-700 dark:text-slate-300">{events[e.id]}</dd>
            </div>
          ))}
        </dl>
        <CodeBlock title={t('webhooks.payloadTitle')} language="json" code={JSON.stringify(WEBHOOK_PAYLOAD_EXAMPLE, null, 2)} />
        <CodeBlock title={t('webhooks.approvalPayloadTitle')} language="json" code={JSON.stringify(APPROVAL_DECIDED_EXAMPLE, null, 2)} />
      </section>
      <section aria-labelledby="webhooks-verify" className="space-y-3">
        <h3 id="webhooks-verify" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('webhooks.verifyHeading')}
        </h3>
        <dl className="space-y-3">
          {WEBHOOK_HEADERS.map((h) => (
            <div key={h}>
              <dt className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{h}</dt>
              <dd className="text-sm text-slate-700 dark:text-slate-300">{t(`webhooks.headers.${h}`)}</dd>
            </div>
          ))}
        </dl>
        <CodeBlock title={t('webhooks.nodeTitle')} language="javascript" code={WEBHOOK_VERIFY_NODE} />
        <CodeBlock title={t('webhooks.pythonTitle')} language="python" code={WEBHOOK_VERIFY_PYTHON} />
      </section>
      <section aria-labelledby="webhooks-rules">
        <h3 id="webhooks-rules" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('webhooks.rulesHeading')}
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
          {WEBHOOK_RULES.map((rule) => (
            <li key={rule}>
              <Inline text={t(`webhooks.rules.${rule}`, { changes: WEBHOOK_CHANGES_PER_HOUR })} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
