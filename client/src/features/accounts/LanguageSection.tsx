import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, UI_LANGUAGE_NAMES, isLanguage } from '@gl/core/types';
import { setLanguage, useLanguage } from '../../platform/i18n/i18n';
import { useOnline } from '../../platform/app-status';
import { useSaveLanguage } from './account';
import { SelectField } from '../../ui/forms/Field';
import { MutationResult } from '../../ui/forms/MutationForm';
import { Section } from './Section';

/**
 * The interface's language, here and on the account (its e-mails, reminders and receipts follow it).
 * A placeholder until the shared `LanguageSwitch` component lands: the same two calls.
 */
export function LanguageSection() {
  const { t } = useTranslation('account');
  const language = useLanguage();
  const save = useSaveLanguage();
  const online = useOnline();
  const id = useId();
  return (
    <Section title={t('language.title')} lead={t('language.lead')} needs={t('language.needs')}>
      <div className="grid gap-4 sm:max-w-md">
        <SelectField
          id={id}
          label={t('language.label')}
          value={language}
          disabled={save.isPending}
          onChange={(next) => {
            if (!isLanguage(next) || next === language) return;
            void setLanguage(next);
            if (online) save.mutate(next);
          }}
        >
          {UI_LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {UI_LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </SelectField>
        <MutationResult mutation={save} success={t('language.saved')} fallback={t('language.failed')} />
      </div>
    </Section>
  );
}
