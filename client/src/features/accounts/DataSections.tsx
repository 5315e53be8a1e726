import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DELETE_ACCOUNT_WORD } from '@gl/core/types';
import { useOnline } from '../../platform/app-status';
import { useDeleteAccount, useExportData } from './account';
import { Field } from '../../ui/forms/Field';
import { MutationResult } from '../../ui/forms/MutationForm';
import { Section } from './Section';
import { AccountSection, CurrentPasswordField, useFormValues } from './AccountSection';

export function ExportSection() {
  const { t } = useTranslation('account');
  const download = useExportData();
  const online = useOnline();
  return (
    <Section title={t('export.title')} needs={t('export.needs')} lead={t('export.lead')}>
      {download.isError && (
        <div className="mb-3">
          <MutationResult mutation={download} fallback={t('export.failed')} />
        </div>
      )}
      <button
        type="button"
        className="btn-secondary px-4 py-2.5"
        disabled={download.isPending || !online}
        onClick={() => download.mutate()}
      >
        {download.isPending ? t('export.busy') : t('export.title')}
      </button>
    </Section>
  );
}

export function DeleteAccountSection() {
  const { t } = useTranslation('account');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const { values, set } = useFormValues({ password: '', confirm: '' });
  const ids = { password: useId(), confirm: useId() };
  return (
    <AccountSection
      danger
      title={t('delete.title')}
      needs={t('delete.needs')}
      lead={t('delete.lead')}
      mutation={remove}
      send={() => remove.mutate(values, { onSuccess: () => navigate('/', { replace: true }) })}
      ready={values.confirm === DELETE_ACCOUNT_WORD && values.password !== ''}
      // Stays busy after success: the page is left at once.
      busy={remove.isPending || remove.isSuccess}
      submitLabel={t('delete.submit')}
      busyLabel={t('delete.busy')}
      fallback={t('delete.failed')}
    >
      <CurrentPasswordField id={ids.password} value={values.password} onChange={set('password')} />
      <Field
        id={ids.confirm}
        label={t('delete.confirm', { word: DELETE_ACCOUNT_WORD })}
        value={values.confirm}
        onChange={set('confirm')}
        autoComplete="off"
        maxLength={DELETE_ACCOUNT_WORD.length}
      />
    </AccountSection>
  );
}
