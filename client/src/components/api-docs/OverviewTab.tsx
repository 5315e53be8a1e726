import { COUNT_DEFAULT, COUNT_MAX, COUNT_MIN } from '@gl/core/types';
import { Link } from 'react-router-dom';
import { ENDPOINTS, OPENAPI_PATH, UPTIME, curlSnippet } from '../../content/api-examples';
import { CodeBlock } from './CodeBlock';

const FACTS = [
  { value: UPTIME, label: 'Uptime target' },
  { value: `${COUNT_MIN}–${COUNT_MAX}`, label: `Lines per request (default ${COUNT_DEFAULT})` },
  { value: '6 × 7', label: 'Categories × tones' },
  { value: 'JSON', label: 'Requests and responses' },
];

export function OverviewTab({ origin }: { origin: string }) {
  const generate = ENDPOINTS[0]!;
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Overview</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          The Genius Lines API puts the same generator as the website into your own apps, scripts and workflows: taglines, bios, captions,
          quotes, slogans and ad lines in seven tones, with your usage and saved-lines library shared with your account. API access is part
          of the Business plan.
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {FACTS.map((f) => (
          <div key={f.label} className="card flex flex-col-reverse p-4 text-center">
            <dt className="mt-1 text-xs font-medium text-slate-600 dark:text-slate-400">{f.label}</dt>
            <dd className="text-2xl font-extrabold text-violet-700 dark:text-violet-300">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Base URL</h3>
        <div className="mt-3">
          <CodeBlock title="Base URL" code={`${origin}/api/v1`} />
        </div>
      </div>
      <div>
        <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Quick start</h3>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Four funny taglines in one request:</p>
        <div className="mt-3">
          <CodeBlock title="Quick start request" language="bash" code={curlSnippet(generate.request, origin)} />
        </div>
      </div>
      <div className="flex flex-col gap-4 rounded-2xl border border-violet-200 bg-violet-50 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-violet-500/30 dark:bg-violet-500/10">
        <div>
          <h3 className="font-semibold text-slate-900 dark:text-white">Machine-readable spec</h3>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            The OpenAPI 3.1 document is generated from the schemas the server validates with. Import it into Postman or generate a client.
          </p>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          <a href={OPENAPI_PATH} className="btn-secondary px-4 py-2 text-sm" target="_blank" rel="noopener">
            openapi.json
          </a>
          <Link to="/pricing" className="btn-primary px-4 py-2 text-sm">
            Get API Access
          </Link>
        </div>
      </div>
    </div>
  );
}
