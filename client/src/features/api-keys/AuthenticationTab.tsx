import { useTranslation } from 'react-i18next';
import { API_KEY_PREFIX } from '@gl/core/types';
import { API_KEY_PLACEHOLDER } from './api-examples';
import { ApiKeysPanel } from './ApiKeysPanel';
import { CodeBlock } from './CodeBlock';
import { Inline } from './Inline';

export function AuthenticationTab() {
  const { t } = useTranslation('apiDocs');
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('auth.heading')}</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          <Inline text={t('auth.intro', { prefix: API_KEY_PREFIX })} />
        </p>
      </div>
      <CodeBlock title={t('auth.headerTitle')} language="http" code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`} />
      <section aria-labelledby="auth-keys" className="space-y-3">
        <h3 id="auth-keys" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('auth.keysHeading')}
        </h3>
        <ApiKeysPanel />
      </section>
      <section aria-labelledby="auth-practice">
        <h3 id="auth-practice" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('auth.practiceHeading')}
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
          <li>{t('auth.practice.server')}</li>
          <li>
            <Inline text={t('auth.practice.env')} />
          </li>
          <li>{t('auth.practice.hash')}</li>
          <li>
            <Inline text={t('auth.practice.errors')} />
          </li>
        </ul>
      </section>
    </div>
  );
}
