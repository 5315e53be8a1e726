import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CURRENT_PASSWORD_MAX } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useDeleteAccount, useExportData } from './account';
import { Field } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
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
          <Notice kind="error">{errorMessage(download.error, t('export.failed'))}</Notice>
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy || !typed || !online) return;
    remove.mutate({ password, confirm }, { onSuccess: () => navigate('/', { replace: true }) });
  };

  return (
    <Section danger title={t('delete.title')} needs={t('delete.needs')} lead={t('delete.lead')}>
      <form onSubmit={submit} className="grid gap-4 sm:max-w-md">
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
        {remove.isError && <Notice kind="error">{errorMessage(remove.error, t('delete.failed'))}</Notice>}
        <div>
          <button type="submit" className="btn-danger px-4 py-2.5" disabled={busy || !typed || !password || !online}>
            {busy ? t('delete.busy') : t('delete.submit')}
          </button>
        </div>
      </form>
    </Section>
  );
}
