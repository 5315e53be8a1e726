import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, SNIPPET_LANGUAGES, type SnippetLanguage } from './api-examples';
import { CodeBlock } from './CodeBlock';
import { MethodBadge } from './MethodBadge';

export function ExamplesTab({ origin }: { origin: string }) {
  const { t } = useTranslation('apiDocs');
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const current = SNIPPET_LANGUAGES.find((l) => l.id === language)!;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('examples.heading')}</h2>
          <p className="mt-3 text-slate-700 dark:text-slate-300">{t('examples.intro')}</p>
        </div>
        <fieldset className="flex shrink-0 rounded-xl border border-slate-200 bg-white p-1 dark:border-slate-700 dark:bg-slate-900">
          <legend className="sr-only">{t('examples.language')}</legend>
          {SNIPPET_LANGUAGES.map((l) => (
            <label
              key={l.id}
              className={`cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-violet-500 ${
                language === l.id
                  ? 'bg-violet-600 text-white'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              }`}
            >
              <input
                type="radio"
                name="snippet-language"
                value={l.id}
                checked={language === l.id}
                onChange={() => setLanguage(l.id)}
                className="sr-only"
              />
              {l.label}
            </label>
          ))}
        </fieldset>
      </div>
      {ENDPOINTS.map((e) => {
        const title = t(`endpoints.items.${e.id}.title`);
        return (
          <section key={e.id} aria-labelledby={`example-${e.id}`}>
            <div className="mb-3 flex flex-wrap items-center gap-3">
              <MethodBadge method={e.request.method} />
              <h3 id={`example-${e.id}`} className="font-semibold text-slate-900 dark:text-white">
                {title}
              </h3>
            </div>
            <CodeBlock
              title={t('examples.blockTitle', { title, language: current.label })}
              language={current.id}
              code={current.render(e.request, origin)}
            />
          </section>
        );
      })}
    </div>
  );
}
