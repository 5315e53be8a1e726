import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CURRENT_PASSWORD_MAX } from '@gl/core/types';
import { useOnline } from '../../platform/app-status';
import { useDeleteAccount, useExportData } from './account';
import { Field } from '../../ui/forms/Field';
import { MutationForm, MutationResult } from '../../ui/forms/MutationForm';
import { Section } from './Section';

/** What is typed to confirm deleting the account: the same word in every language (the server checks it). */
const DELETE_WORD = 'DELETE';

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const ids = { password: useId(), confirm: useId() };
  const typed = confirm === DELETE_WORD;
  const online = useOnline();
  // Stays busy after success: the page is left at once.
  const busy = remove.isPending || remove.isSuccess;

  const submit = () => {
    if (busy || !typed || !online) return;
    remove.mutate({ password, confirm }, { onSuccess: () => navigate('/', { replace: true }) });
  };

  return (
    <Section danger title={t('delete.title')} needs={t('delete.needs')} lead={t('delete.lead')}>
      <MutationForm
        mutation={remove}
        onSubmit={submit}
        submitLabel={t('delete.submit')}
        busyLabel={t('delete.busy')}
        fallback={t('delete.failed')}
        busy={busy}
        disabled={!typed || !password || !online}
        danger
      >
        <Field
          id={ids.password}
          label={t('yourPassword')}
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          maxLength={CURRENT_PASSWORD_MAX}
        />
        <Field
          id={ids.confirm}
          label={t('delete.confirm', { word: DELETE_WORD })}
          value={confirm}
          onChange={setConfirm}
          autoComplete="off"
          maxLength={10}
        />
      </MutationForm>
    </Section>
  );
}
