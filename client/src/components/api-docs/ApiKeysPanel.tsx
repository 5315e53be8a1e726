import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPlan } from '@gl/core/types';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/app-status';
import { useAuth } from '../../lib/auth';
import NeedsConnection from '../NeedsConnection';
import { useConfirm } from '../ConfirmDialog';
import { CodeBlock } from './CodeBlock';
import { apiKeysApi } from '../../lib/api-keys';

const KEYS = ['api-keys'] as const;

function formatDate(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}

/** Create, list and revoke API keys (Business plan). Visitors and other plans see how to get access. */
export function ApiKeysPanel() {
  const { user, isAuthenticated } = useAuth();
  const apiAccess = Boolean(user && getPlan(user.planId).limits.apiAccess);

  if (!isAuthenticated || !user) {
    return (
      <Notice>
        <Link to="/auth" className="font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300">
          Sign in
        </Link>{' '}
        with a Business plan account to create API keys here.
      </Notice>
    );
  }
  if (!apiAccess) {
    return (
      <Notice>
        API keys are part of the Business plan; you are on {getPlan(user.planId).name}.{' '}
        <Link to="/pricing" className="font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300">
          Get API Access
        </Link>
      </Notice>
    );
  }
  return <KeyManager />;
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
      {children}
    </p>
  );
}

function KeyManager() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [secret, setSecret] = useState<string | null>(null);
  const keys = useQuery({ queryKey: KEYS, queryFn: apiKeysApi.list });
  const create = useMutation({
    mutationFn: (keyName: string) => apiKeysApi.create(keyName),
    onSuccess: (result) => {
      setSecret(result.key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: KEYS });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => apiKeysApi.revoke(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEYS }),
  });
  const active = (keys.data ?? []).filter((k) => !k.revokedAt);
  const online = useOnline();
  const { confirm, dialog } = useConfirm();

  return (
    <div className="card space-y-5 p-5">
      <NeedsConnection action="Creating or revoking an API key" />
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (online) create.mutate(name.trim() || 'Default key');
        }}
      >
        <div className="flex-1">
          <label htmlFor="api-key-name" className="field-label">
            New key name
          </label>
          <input
            id="api-key-name"
            autoComplete="off"
            className="field"
            maxLength={60}
            placeholder="e.g. Production server"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary px-4 py-2 text-sm" disabled={create.isPending || !online}>
          {create.isPending ? 'Creating...' : 'Create API key'}
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {errorMessage(create.error, 'Could not create the key')}
        </p>
      )}
      {secret && (
        <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-500/10">
          <p className="text-sm font-medium text-amber-900 dark:text-amber-200">
            Copy your new key now. For your security it will not be shown again.
          </p>
          <CodeBlock title="Your new API key" code={secret} />
          <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={() => setSecret(null)}>
            I've saved it
          </button>
        </div>
      )}
      <div>
        <h4 className="text-sm font-semibold text-slate-900 dark:text-white">Your keys</h4>
        {keys.isPending ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>
        ) : keys.isError ? (
          <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-400">
            {errorMessage(keys.error, 'Could not load your keys')}
          </p>
        ) : active.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No active keys yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {active.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-slate-900 dark:text-white">{k.name}</p>
                  <p className="font-mono text-xs text-slate-600 dark:text-slate-400">
                    {k.prefix}… · created {formatDate(k.createdAt)} · last used {formatDate(k.lastUsedAt)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn-danger px-3 py-1.5 text-sm"
                  disabled={(revoke.isPending && revoke.variables === k.id) || !online}
                  onClick={async () => {
                    const yes = await confirm({
                      title: `Revoke "${k.name}"?`,
                      message: 'Apps using it will stop working at once.',
                      confirmLabel: 'Revoke key',
                      destructive: true,
                    });
                    if (yes) revoke.mutate(k.id);
                  }}
                >
                  Revoke
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
