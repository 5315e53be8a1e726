import { COUNT_DEFAULT, COUNT_MAX, COUNT_MIN } from '@gl/core/types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ENDPOINTS, OPENAPI_PATH, UPTIME, curlSnippet } from './api-examples';
import { CodeBlock } from './CodeBlock';

/** The spec's file name, as its link reads. */
const SPEC_FILE = OPENAPI_PATH.slice(OPENAPI_PATH.lastIndexOf('/') + 1);

/** The four figures under the intro; each one's label is `apiDocs:overview.facts.<id>`. */
const FACTS = [
  { id: 'uptime', value: UPTIME },
  { id: 'lines', value: `${COUNT_MIN}–${COUNT_MAX}` },
  { id: 'categories', value: '6 × 7' },
  { id: 'json', value: 'JSON' },
] as const;

export function OverviewTab({ origin }: { origin: string }) {
  const { t } = useTranslation('apiDocs');
  const generate = ENDPOINTS[0]!;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('overview.heading')}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t('overview.intro')}</p>
      </div>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {FACTS.map((f) => (
          <div key={f.id} className="card flex flex-col-reverse p-4 text-center">
            <dt className="mt-1 text-xs font-medium text-slate-600 dark:text-slate-400">
              {t(`overview.facts.${f.id}`, { countDefault: COUNT_DEFAULT })}
            </dt>
            <dd className="text-2xl font-extrabold text-violet-700 dark:text-violet-300">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t('overview.baseUrl')}</h3>
        <div className="mt-3">
          <CodeBlock title={t('overview.baseUrl')} code={`${origin}/api/v1`} />
        </div>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t('overview.quickStart')}</h3>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('overview.quickStartLead')}</p>
        <div className="mt-3">
          <CodeBlock title={t('overview.quickStartTitle')} language="bash" code={curlSnippet(generate.request, origin)} />
        </div>
      </div>
      <div className="flex flex-col gap-4 rounded-2xl border border-violet-200 bg-violet-50 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-violet-500/30 dark:bg-violet-500/10">
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">{t('overview.specHeading')}</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('overview.specBody')}</p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <a href={OPENAPI_PATH} className="btn-secondary px-4 py-2 text-sm" target="_blank" rel="noopener">
            {SPEC_FILE}
          </a>
          <Link to="/pricing" className="btn-primary px-4 py-2 text-sm">
            {t('page.getAccess')}
          </Link>
        </div>
      </div>
    </div>
  );
}
