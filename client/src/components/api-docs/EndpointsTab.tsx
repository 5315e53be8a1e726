import {
  BRAND_AND_COMPARE_ROUTES,
  ENDPOINTS,
  ERROR_CODES_DOC,
  ERROR_EXAMPLE,
  USAGE_NOTE,
  requestBodySnippet,
  responseSnippet,
  type EndpointDoc,
} from '../../content/api-examples';
import { CodeBlock } from './CodeBlock';
import { FitSection } from './FitSection';
import { FieldsTable } from './FieldsTable';
import { Inline } from './Inline';
import { MethodBadge } from './MethodBadge';

function Endpoint({ endpoint }: { endpoint: EndpointDoc }) {
  const body = requestBodySnippet(endpoint);
  const headingId = `endpoint-${endpoint.id}`;
  return (
    <section aria-labelledby={headingId} className="card p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <MethodBadge method={endpoint.request.method} />
        <code className="font-mono text-sm font-semibold text-slate-900 dark:text-white">{endpoint.request.path}</code>
      </div>
      <h3 id={headingId} className="mt-3 text-lg font-semibold text-slate-900 dark:text-white">
        {endpoint.title}
      </h3>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <Inline text={endpoint.description} />
      </p>
      {(endpoint.id === 'generate' || endpoint.id === 'usage') && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          <Inline text={USAGE_NOTE} />
        </p>
      )}
      {endpoint.fields && <FieldsTable fields={endpoint.fields} caption={`Body fields of ${endpoint.request.path}`} wide />}
      <div className={`mt-5 grid items-start gap-4 ${body ? 'xl:grid-cols-2' : ''}`}>
        {body &&
          (endpoint.request.form ? (
            <CodeBlock title={`${endpoint.request.path} form fields`} language="multipart/form-data" code={body} />
          ) : (
            <CodeBlock title={`${endpoint.request.path} request body`} language="json" code={body} />
          ))}
        <CodeBlock title={`${endpoint.request.path} response`} language="json" code={responseSnippet(endpoint)} />
      </div>
    </section>
  );
}

export function EndpointsTab({ origin }: { origin: string }) {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Endpoints</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          Every endpoint takes and returns JSON (a photo goes up as a form) and needs your API key. Successful answers carry{' '}
          <Inline text="`success: true`" />.
        </p>
      </div>
      {ENDPOINTS.map((e) => (
        <Endpoint key={e.id} endpoint={e} />
      ))}
      <FitSection origin={origin} />
      <section aria-labelledby="endpoint-brands" className="card p-5 sm:p-6">
        <h3 id="endpoint-brands" className="text-lg font-semibold text-slate-900 dark:text-white">
          Brand kits and tone comparison
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Routes of the web app, called with a signed-in session token (<Inline text="`Authorization: Bearer <token>`" />
          ); the full schema of every route is in the OpenAPI document.
        </p>
        <ul className="mt-4 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {BRAND_AND_COMPARE_ROUTES.map((r) => (
            <li key={`${r.method} ${r.path}`} className="flex flex-col gap-1.5 py-3 sm:flex-row sm:items-start sm:gap-3">
              <span className="flex shrink-0 items-center gap-2 sm:w-56">
                <MethodBadge method={r.method} />
                <code className="break-all font-mono text-xs font-semibold text-slate-900 dark:text-white">{r.path}</code>
              </span>
              <span className="text-slate-700 dark:text-slate-300">
                <Inline text={r.description} />
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="endpoint-errors" className="card p-5 sm:p-6">
        <h3 id="endpoint-errors" className="text-lg font-semibold text-slate-900 dark:text-white">
          Errors
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Failures use one envelope, with an HTTP status and a machine-readable code.
        </p>
        <div className="mt-4">
          <CodeBlock title="Error response" language="json" code={JSON.stringify(ERROR_EXAMPLE, null, 2)} />
        </div>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[28rem] text-left text-sm">
            <caption className="sr-only">Error statuses and codes</caption>
            <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Status
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Code
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Meaning
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {ERROR_CODES_DOC.map((e) => (
                <tr key={e.status}>
                  <td className="py-2 pr-4 align-top font-mono text-slate-900 dark:text-slate-100">{e.status}</td>
                  <td className="py-2 pr-4 align-top font-mono text-slate-700 dark:text-slate-300">{e.code}</td>
                  <td className="py-2 align-top text-slate-700 dark:text-slate-300">
                    <Inline text={e.meaning} />
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
