import { useTranslation } from 'react-i18next';
import { PLATFORMS } from '@gl/core/types';
import { DOC_PARAMS, type AppRouteDoc } from './api-examples';
import {
  COUNTINGS,
  PLATFORMS_EXAMPLE,
  PLATFORMS_ROUTE,
  REFINE_EXAMPLE_ANSWER,
  REFINE_EXAMPLE_BODY,
  REFINE_EXAMPLE_EVENT,
  REFINE_FIELDS,
  REFINE_ROUTE,
  refineCurl,
} from './api-fit';
import { CodeBlock } from './CodeBlock';
import { FieldsTable } from './FieldsTable';
import { Inline } from './Inline';
import { MethodBadge } from './MethodBadge';

const TH = 'py-2 pr-4 font-semibold';
const HEAD = 'border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 dark:border-slate-700 dark:text-slate-400';

function Route({ route }: { route: AppRouteDoc }) {
  const { t } = useTranslation('apiDocs');
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <MethodBadge method={route.method} />
        <code className="break-all font-mono text-sm font-semibold text-slate-900 dark:text-white">{route.path}</code>
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        <Inline text={t(`endpoints.routes.${route.id}`, DOC_PARAMS)} />
      </p>
    </>
  );
}

export function FitSection({ origin }: { origin: string }) {
  const { t } = useTranslation('apiDocs');
  const refineFields = t('fit.refineFields', { returnObjects: true, ...DOC_PARAMS }) as Readonly<Record<string, string>>;
  return (
    <>
      <section aria-labelledby="endpoint-platforms" className="card p-5 sm:p-6">
        <h3 id="endpoint-platforms" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('fit.platformsHeading')}
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <Inline text={t('fit.platformsIntro')} />
        </p>
        <div className="mt-4">
          <Route route={PLATFORMS_ROUTE} />
        </div>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="platforms-table">
            <caption className="sr-only">{t('fit.caption')}</caption>
            <thead className={HEAD}>
              <tr>
                <th scope="col" className={TH}>
                  {t('fit.platform')}
                </th>
                <th scope="col" className={TH}>
                  {t('fit.limit')}
                </th>
                <th scope="col" className={TH}>
                  {t('fit.counting')}
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {t('fit.defaults')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {PLATFORMS.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-4 align-top">
                    <span className="block text-slate-900 dark:text-slate-100">{p.name}</span>
                    <code className="font-mono text-xs text-slate-600 dark:text-slate-400">{p.id}</code>
                  </td>
                  <td className="py-2 pr-4 align-top font-mono text-slate-900 dark:text-slate-100">{p.maxChars}</td>
                  <td className="py-2 pr-4 align-top text-slate-700 dark:text-slate-300">
                    <code className="font-mono text-xs">{p.counting}</code>
                  </td>
                  <td className="py-2 align-top font-mono text-xs text-slate-700 dark:text-slate-300">
                    {t('fit.defaultsValue', { hashtags: p.hashtags, emoji: p.emoji })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="mt-4 grid gap-2 text-sm">
          {COUNTINGS.map((counting) => (
            <div key={counting} className="sm:flex sm:gap-2">
              <dt className="shrink-0 font-mono text-xs leading-5 text-slate-900 dark:text-slate-100">{counting}</dt>
              <dd className="text-slate-700 dark:text-slate-300">
                <Inline text={t(`fit.countings.${counting}`)} />
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-4">
          <CodeBlock
            title={t('endpoints.response', { path: PLATFORMS_ROUTE.path })}
            language="json"
            code={JSON.stringify(PLATFORMS_EXAMPLE, null, 2)}
          />
        </div>
      </section>

      <section aria-labelledby="endpoint-refine" className="card p-5 sm:p-6">
        <h3 id="endpoint-refine" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('fit.refineHeading')}
        </h3>
        <div className="mt-3">
          <Route route={REFINE_ROUTE} />
        </div>
        <FieldsTable fields={REFINE_FIELDS} descriptions={refineFields} caption={t('endpoints.bodyFields', { path: REFINE_ROUTE.path })} />
        <div className="mt-5 grid items-start gap-4 xl:grid-cols-2">
          <CodeBlock title={t('fit.refineCurlTitle')} language="curl" code={refineCurl(origin)} />
          <CodeBlock
            title={t('fit.refineResponseTitle', { path: REFINE_ROUTE.path })}
            language="json"
            code={JSON.stringify(REFINE_EXAMPLE_ANSWER, null, 2)}
          />
          <CodeBlock
            title={t('endpoints.requestBody', { path: REFINE_ROUTE.path })}
            language="json"
            code={JSON.stringify(REFINE_EXAMPLE_BODY, null, 2)}
          />
          <CodeBlock title={t('fit.refineEventTitle')} language="json" code={JSON.stringify(REFINE_EXAMPLE_EVENT, null, 2)} />
        </div>
      </section>
    </>
  );
}
