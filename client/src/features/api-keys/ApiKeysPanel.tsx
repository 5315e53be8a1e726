import { API_KEY_NAME_MAX } from '@gl/core/types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../platform/i18n/i18n';
import { currentTimeZone } from '../../platform/time-zone';
import { errorMessage } from '../../platform/api';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from './api-keys';
import { useOnline } from '../../platform/app-status';
import NeedsConnection from '../../ui/NeedsConnection';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/forms/Field';
import { MutationResult } from '../../ui/forms/MutationForm';
import { ApiAccessGate, SecretShownOnce } from './ApiAccessGate';

function formatDate(iso: string): string {
  // The account's own day (its time zone).
  return new Date(iso).toLocaleDateString(intlLocale(), { month: 'short', day: 'numeric', year: 'numeric', timeZone: currentTimeZone() });
}

/** Create, list and revoke API keys (Business plan). Visitors and other plans see how to get access. */
export function ApiKeysPanel() {
  return (
    <ApiAccessGate ns="apiKeys">
      <KeyManager />
    </ApiAccessGate>
  );
}

function KeyManager() {
  const { t } = useTranslation('apiKeys');
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const active = (keys.data ?? []).filter((k) => !k.revokedAt);
  const online = useOnline();
  const { confirm, dialog } = useConfirm();

  return (
    <div className="card space-y-5 p-5">
      <NeedsConnection action={t('needs')} />
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (!online) return;
          create.mutate(name.trim() || t('defaultName'), {
            onSuccess: (result) => {
              setSecret(result.key);
              setName('');
            },
          });
        }}
      >
        <Field
          id="api-key-name"
          className="flex-1"
          label={t('name')}
          autoComplete="off"
          required={false}
          maxLength={API_KEY_NAME_MAX}
          placeholder={t('namePlaceholder')}
          value={name}
          onChange={setName}
        />
        <button type="submit" className="btn-primary px-4 py-2 text-sm" disabled={create.isPending || !online}>
          {create.isPending ? t('creating') : t('create')}
        </button>
      </form>
      <MutationResult mutation={create} fallback={t('createFailed')} />
      {secret && (
        <SecretShownOnce
          message={t('copyNow')}
          title={t('newKey')}
          secret={secret}
          doneLabel={t('savedIt')}
          onDone={() => setSecret(null)}
        />
      )}
      <div>
        <h4 className="text-sm font-semibold text-slate-900 dark:text-white">{t('yourKeys')}</h4>
        {keys.isPending ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('loading')}</p>
        ) : keys.isError ? (
          <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-400">
            {errorMessage(keys.error, t('loadFailed'))}
          </p>
        ) : active.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('none')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {active.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900 dark:text-white">{k.name}</p>
                  <p className="font-mono text-xs text-slate-600 dark:text-slate-400">
                    {k.lastUsedAt
                      ? t('details', { prefix: k.prefix, created: formatDate(k.createdAt), lastUsed: formatDate(k.lastUsedAt) })
                      : t('detailsNeverUsed', { prefix: k.prefix, created: formatDate(k.createdAt) })}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-danger px-3 py-1.5 text-sm"
                  disabled={(revoke.isPending && revoke.variables === k.id) || !online}
                  onClick={async () => {
                    const yes = await confirm({
                      title: t('revokeTitle', { name: k.name }),
                      message: t('revokeMessage'),
                      confirmLabel: t('revokeConfirm'),
                      destructive: true,
                    });
                    if (yes) revoke.mutate(k.id);
                  }}
                >
                  {t('revoke')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {dialog}
    </div>
  );
}
