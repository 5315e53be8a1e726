import { Trans, useTranslation } from 'react-i18next';
import { OPENAPI_PATH, sdkSnippets } from './api-examples';
import { CodeBlock } from './CodeBlock';

/** The clients' file names and languages, as the code blocks are titled. */
const JS_FILE = 'genius-lines.js';
const PYTHON_FILE = 'genius_lines.py';

export function SdksTab({ origin }: { origin: string }) {
  const { t } = useTranslation('apiDocs');
  const s = sdkSnippets(origin);
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('sdks.heading')}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          <Trans
            t={t}
            i18nKey="sdks.intro"
            components={{
              spec: <a href={OPENAPI_PATH} className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300" />,
            }}
          />
        </p>
      </div>
      <section aria-labelledby="sdk-generate" className="space-y-3">
        <h3 id="sdk-generate" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('sdks.generateHeading')}
        </h3>
        <CodeBlock title={t('sdks.typesTitle')} language="bash" code={s.typescript} />
        <CodeBlock title={t('sdks.generatorTitle')} language="bash" code={s.generator} />
      </section>
      <section aria-labelledby="sdk-js" className="space-y-3">
        <h3 id="sdk-js" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('sdks.jsHeading')}
        </h3>
        <CodeBlock title={JS_FILE} language="javascript" code={s.node} />
      </section>
      <section aria-labelledby="sdk-python" className="space-y-3">
        <h3 id="sdk-python" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('sdks.pythonHeading')}
        </h3>
        <CodeBlock title={PYTHON_FILE} language="python" code={s.python} />
      </section>
    </div>
  );
}
