import { OPENAPI_PATH, sdkSnippets } from '../../content/api-examples';
import { CodeBlock } from './CodeBlock';

export function SdksTab({ origin }: { origin: string }) {
  const s = sdkSnippets(origin);
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">SDKs</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          There is no package to install: the API is small, and the{' '}
          <a href={OPENAPI_PATH} className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
            OpenAPI document
          </a>{' '}
          lets you generate a typed client in the language you use. Or copy one of the tiny clients below.
        </p>
      </div>
      <section aria-labelledby="sdk-generate" className="space-y-3">
        <h3 id="sdk-generate" className="text-lg font-semibold text-slate-900 dark:text-white">
          Generate a client
        </h3>
        <CodeBlock title="TypeScript types" language="bash" code={s.typescript} />
        <CodeBlock title="OpenAPI Generator" language="bash" code={s.generator} />
      </section>
      <section aria-labelledby="sdk-js" className="space-y-3">
        <h3 id="sdk-js" className="text-lg font-semibold text-slate-900 dark:text-white">
          JavaScript / TypeScript
        </h3>
        <CodeBlock title="genius-lines.js" language="javascript" code={s.node} />
      </section>
      <section aria-labelledby="sdk-python" className="space-y-3">
        <h3 id="sdk-python" className="text-lg font-semibold text-slate-900 dark:text-white">
          Python
        </h3>
        <CodeBlock title="genius_lines.py" language="python" code={s.python} />
      </section>
    </div>
  );
}
