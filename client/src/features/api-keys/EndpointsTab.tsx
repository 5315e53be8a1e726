import { useTranslation } from 'react-i18next';
import {
  APPROVAL_ROUTES,
  APPROVAL_V1_EXAMPLE,
  BRAND_AND_COMPARE_ROUTES,
  DOC_PARAMS,
  ENDPOINTS,
  ERROR_CODES_DOC,
  ERROR_EXAMPLE,
  requestBodySnippet,
  responseSnippet,
  type EndpointDoc,
} from './api-examples';
import { CodeBlock } from './CodeBlock';
import { FitSection } from './FitSection';
import { FieldsTable } from './FieldsTable';
import { Inline } from './Inline';
import { MethodBadge } from './MethodBadge';
import type { AppRouteDoc } from './api-doc-types';

/** A list of web app routes, each with its description (`apiDocs:endpoints.routes.<id>`). */
function RouteList({ routes }: { routes: readonly AppRouteDoc[] }) {
  const { t } = useTranslation('apiDocs');
  return (
    <ul className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {routes.map((r) => (
        <li key={`${r.method} ${r.path}`} className="flex flex-col gap-1.5 py-3 sm:flex-row sm:items-start sm:gap-3">
          <span className="flex shrink-0 items-center gap-2 sm:w-56">
            <MethodBadge method={r.method} />
            <code className="break-all font-mono text-xs font-semibold text-slate-900 dark:text-white">{r.path}</code>
          </span>
          <span className="text-slate-700 dark:text-slate-300">
            <Inline text={t(`endpoints.routes.${r.id}`, DOC_PARAMS)} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function Endpoint({ endpoint }: { endpoint: EndpointDoc }) {
  const { t } = useTranslation('apiDocs');
  const body = requestBodySnippet(endpoint);
  const path = endpoint.request.path;
  const fields = t('endpoints.fields', { returnObjects: true, ...DOC_PARAMS }) as Readonly<Record<string, Record<string, string>>>;
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <section aria-labelledby={headingId} className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <MethodBadge method={endpoint.request.method} />
        <code className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{endpoint.request.path}</code>
      </div>
      <h3 id={headingId} className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
        {t(`endpoints.items.${endpoint.id}.title`)}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <Inline text={t(`endpoints.items.${endpoint.id}.description`)} />
      </p>
      {(endpoint.id === 'generate' || endpoint.id === 'usage') && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          <Inline text={t('endpoints.usageNote')} />
        </p>
      )}
      {endpoint.fields && (
        <FieldsTable fields={endpoint.fields} descriptions={fields[endpoint.id] ?? {}} caption={t('endpoints.bodyFields', { path })} wide />
      )}
      <div className={`mt-5 grid items-start gap-4 ${body ? 'xl:grid-cols-2' : ''}`}>
        {body &&
          (endpoint.request.form ? (
            <CodeBlock title={t('endpoints.formFields', { path })} language="multipart/form-data" code={body} />
          ) : (
            <CodeBlock title={t('endpoints.requestBody', { path })} language="json" code={body} />
          ))}
        <CodeBlock title={t('endpoints.response', { path })} language="json" code={responseSnippet(endpoint)} />
      </div>
    </section>
  );
}

export function EndpointsTab({ origin }: { origin: string }) {
  const { t } = useTranslation('apiDocs');
  const meanings = t('endpoints.errors.codes', { returnObjects: true }) as Readonly<Record<string, string>>;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('endpoints.heading')}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          <Inline text={t('endpoints.intro')} />
        </p>
      </div>
      {ENDPOINTS.map((e) => (
        <Endpoint key={e.id} endpoint={e} />
      ))}
      <FitSection origin={origin} />
      <section aria-labelledby="endpoint-brands" className="card p-5 sm:p-6">
        <h3 id="endpoint-brands" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('endpoints.brands.heading')}
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <Inline text={t('endpoints.brands.intro')} />
        </p>
        <RouteList routes={BRAND_AND_COMPARE_ROUTES} />
      </section>
      <section aria-labelledby="endpoint-approvals" className="card p-5 sm:p-6">
        <h3 id="endpoint-approvals" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('endpoints.approvals.heading')}
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <Inline text={t('endpoints.approvals.intro')} />
        </p>
        <RouteList routes={APPROVAL_ROUTES} />
        <div className="mt-4">
          <CodeBlock title={t('endpoints.approvals.responseTitle')} language="json" code={JSON.stringify(APPROVAL_V1_EXAMPLE, null, 2)} />
        </div>
      </section>
      <section aria-labelledby="endpoint-errors" className="card p-5 sm:p-6">
        <h3 id="endpoint-errors" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('endpoints.errors.heading')}
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('endpoints.errors.intro')}</p>
        <div className="mt-4">
          <CodeBlock title={t('endpoints.errors.exampleTitle')} language="json" code={JSON.stringify(ERROR_EXAMPLE, null, 2)} />
        </div>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">{t('endpoints.errors.caption')}</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('endpoints.errors.status')}
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  {t('endpoints.errors.code')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('endpoints.errors.meaning')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {ERROR_CODES_DOC.map((e) => (
                <tr key={e.status}>
                  <td className="py-2 pr-4 align-top font-mono text-slate-900 dark:text-slate-100">{e.status}</td>
                  <td className="py-2 pr-4 align-top font-mono text-slate-700 dark:text-slate-300">{e.code}</td>
                  <td className="py-2 align-top text-slate-700 dark:text-slate-300">
                    <Inline text={meanings[e.code] ?? ''} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
