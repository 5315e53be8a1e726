import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, UI_LANGUAGE_NAMES, isLanguage, type UiLanguage } from '@gl/core/types';
import { setLanguage, useLanguage } from '../../platform/i18n/i18n';
import { useAuth, useSaveAccountLanguage } from '../../features/accounts';
import { rememberPageLanguage } from '../../platform/sw-language';

/**
 * The language switch (header, phone menu, account settings): a labelled select, each language
 * named in its own language. The choice is kept in local storage and the `gl_lang` cookie
 * (`setLanguage`: the next page arrives in it, without an English flash), recorded for the service
 * worker, and saved on the account when signed in (a failure there is ignored).
 */
export default function LanguageSwitch({ showLabel = false, className = '' }: { showLabel?: boolean; className?: string }) {
  const { t } = useTranslation('common');
  const lang = useLanguage();
  const { isAuthenticated } = useAuth();
  const saveAccountLanguage = useSaveAccountLanguage();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const choose = async (next: UiLanguage) => {
    setBusy(true);
    try {
      await setLanguage(next);
    } finally {
      setBusy(false);
    }
    void rememberPageLanguage(next);
    if (isAuthenticated) saveAccountLanguage(next);
  };

  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium text-slate-700 dark:text-slate-300' : 'sr-only'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={lang}
        disabled={busy}
        data-language-switch
        onChange={(e) => {
          if (isLanguage(e.target.value)) void choose(e.target.value);
        }}
        className="tap rounded-lg border border-slate-200 bg-white px-2 py-1.5 text-sm font-medium text-slate-700 hover:border-violet-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {UI_LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
