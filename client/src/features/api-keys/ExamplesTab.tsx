import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENDPOINTS, SNIPPET_LANGUAGES, type SnippetLanguage } from './api-examples';
import { CodeBlock } from './CodeBlock';
import { MethodBadge } from './MethodBadge';
import { RadioGroup } from '../../ui/forms/RadioGroup';

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
        <RadioGroup<SnippetLanguage>
          look="segment"
          legend={t('examples.language')}
          hideLegend
          name="snippet-language"
          value={language}
          onChange={setLanguage}
          options={SNIPPET_LANGUAGES.map((l) => ({ value: l.id, label: l.label }))}
        />
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
