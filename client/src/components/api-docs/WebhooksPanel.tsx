import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPlan, WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type WebhookEndpointDto, type WebhookEventType } from '@gl/core/types';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { useOnline } from '../../lib/app-status';
import { useAuth } from '../../lib/auth';
import NeedsConnection from '../NeedsConnection';
import { useConfirm } from '../ConfirmDialog';
import { CodeBlock } from './CodeBlock';
import { webhooksApi } from '../../lib/webhooks';

const ENDPOINTS = ['webhooks'] as const;
const attemptsKey = (endpointId: string) => ['webhooks', endpointId, 'attempts'] as const;

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Add, list, rotate and delete webhook endpoints, and see their recent attempts (Business plan). */
export function WebhooksPanel() {
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user) {
    return (
      <Notice>
        <Link to="/auth" className="font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300">
          Sign in
        </Link>{' '}
        with a Business plan account to add webhook endpoints here.
      </Notice>
    );
  }
  if (!getPlan(user.planId).limits.apiAccess) {
    return (
      <Notice>
        Webhooks are part of the Business plan; you are on {getPlan(user.planId).name}.{' '}
        <Link to="/pricing" className="font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300">
          Get API Access
        </Link>
      </Notice>
    );
  }
  return <EndpointManager />;
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300">
      {children}
    </p>
  );
}

/** The secret of the endpoint just added or rotated: shown once. */
interface ShownSecret {
  endpointId: string;
  url: string;
  secret: string;
}

function EndpointManager() {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { confirm, dialog } = useConfirm();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const endpoints = useQuery({ queryKey: ENDPOINTS, queryFn: webhooksApi.list });
  // The list only: an open attempts list refreshes itself.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ENDPOINTS, exact: true });

  const create = useMutation({
    mutationFn: () => webhooksApi.create(url.trim(), events),
    onSuccess: (result) => {
      setShown({ endpointId: result.endpoint.id, url: result.endpoint.url, secret: result.secret });
      setUrl('');
      refresh();
    },
  });
  const rotate = useMutation({
    mutationFn: (id: string) => webhooksApi.rotate(id),
    onSuccess: (result) => {
      setShown({ endpointId: result.endpoint.id, url: result.endpoint.url, secret: result.secret });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => webhooksApi.remove(id),
    onSuccess: (_r, id) => {
      if (shown?.endpointId === id) setShown(null);
      // The row goes at once, so its attempts list stops asking about an endpoint that is gone.
      void queryClient.cancelQueries({ queryKey: attemptsKey(id) });
      queryClient.setQueryData<WebhookEndpointDto[]>(ENDPOINTS, (list) => list?.filter((e) => e.id !== id));
      refresh();
    },
  });

  const toggle = (type: WebhookEventType) =>
    setEvents((current) =>
      current.includes(type) ? current.filter((e) => e !== type) : WEBHOOK_EVENT_TYPES.filter((e) => e === type || current.includes(e)),
    );

  return (
    <div className="card space-y-5 p-5">
      <NeedsConnection action="Changing webhook endpoints" />
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (online) create.mutate();
        }}
      >
        <div>
          <label htmlFor="webhook-url" className="field-label">
            Endpoint URL
          </label>
          <input
            id="webhook-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            required
            className="field"
            maxLength={WEBHOOK_URL_MAX}
            placeholder="https://example.com/genius-lines"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
        <fieldset>
          <legend className="field-label">Events</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="inline-flex items-center gap-2 font-mono text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-violet-600"
                  checked={events.includes(type)}
                  onChange={() => toggle(type)}
                />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary px-4 py-2 text-sm" disabled={create.isPending || !online || events.length === 0}>
          {create.isPending ? 'Adding...' : 'Add endpoint'}
        </button>
      </form>
      {create.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {errorMessage(create.error, 'Could not add the endpoint')}
        </p>
      )}
      {(rotate.isError || remove.isError) && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {errorMessage(rotate.error ?? remove.error, 'Could not change the endpoint')}
        </p>
      )}
      {shown && (
        <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-500/10">
          <p className="text-sm font-medium break-words text-amber-900 dark:text-amber-200">
            Copy the signing secret of {shown.url} now. For your security it will not be shown again.
          </p>
          <CodeBlock title="Your webhook signing secret" code={shown.secret} />
          <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={() => setShown(null)}>
            I've saved it
          </button>
        </div>
      )}
      <div>
        <h4 className="text-sm font-semibold text-slate-900 dark:text-white">Your endpoints</h4>
        {endpoints.isPending ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>
        ) : endpoints.isError ? (
          <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-400">
            {errorMessage(endpoints.error, 'Could not load your endpoints')}
          </p>
        ) : endpoints.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No webhook endpoints yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 dark:divide-slate-800">
            {endpoints.data.map((endpoint) => (
              <EndpointRow
                key={endpoint.id}
                endpoint={endpoint}
                busy={
                  !online ||
                  (rotate.isPending && rotate.variables === endpoint.id) ||
                  (remove.isPending && remove.variables === endpoint.id)
                }
                onRotate={async () => {
                  const yes = await confirm({
                    title: 'Rotate the signing secret?',
                    message: `The current secret of ${endpoint.url} stops working at once; update your receiver with the new one.${endpoint.status === 'disabled' ? ' The endpoint is turned back on.' : ''}`,
                    confirmLabel: 'Rotate secret',
                  });
                  if (yes) rotate.mutate(endpoint.id);
                }}
                onDelete={async () => {
                  const yes = await confirm({
                    title: 'Delete this endpoint?',
                    message: `${endpoint.url} will get no more events; undelivered ones are dropped.`,
                    confirmLabel: 'Delete endpoint',
                    destructive: true,
                  });
                  if (yes) remove.mutate(endpoint.id);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {dialog}
    </div>
  );
}

function EndpointRow({
  endpoint,
  busy,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpointDto;
  busy: boolean;
  onRotate(): void;
  onDelete(): void;
}) {
  const [open, setOpen] = useState(false);
  const disabled = endpoint.status === 'disabled';
  const attemptsId = `webhook-attempts-${endpoint.id}`;
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm font-medium break-all text-slate-900 dark:text-white">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            <span
              className={`mr-2 inline-block rounded px-1.5 py-0.5 font-semibold ${
                disabled
                  ? 'bg-rose-100 text-rose-800 dark:bg-rose-500/20 dark:text-rose-200'
                  : 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200'
              }`}
            >
              {disabled ? 'Disabled' : 'Active'}
            </span>
            {endpoint.events.join(', ')}
          </p>
          {disabled && endpoint.disabledReason && (
            <p className="mt-1 text-xs text-rose-700 dark:text-rose-300">
              {endpoint.disabledReason}. Rotate the secret to turn it back on.
            </p>
          )}
          {!disabled && endpoint.failingSince && (
            <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">Failing since {formatTime(endpoint.failingSince)}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-ghost px-3 py-1.5 text-sm"
            aria-expanded={open}
            aria-controls={attemptsId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide attempts' : 'Recent attempts'}
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy} onClick={onRotate}>
            Rotate secret
          </button>
          <button type="button" className="btn-danger px-3 py-1.5 text-sm" disabled={busy} onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
      {open && <Attempts id={attemptsId} endpointId={endpoint.id} />}
    </li>
  );
}

function Attempts({ id, endpointId }: { id: string; endpointId: string }) {
  const attempts = useQuery({
    queryKey: ['webhooks', endpointId, 'attempts'],
    queryFn: () => webhooksApi.attempts(endpointId),
    refetchInterval: 15_000,
  });
  return (
    <div id={id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Recent attempts</h5>
      {attempts.isPending ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>
      ) : attempts.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-400">
          {errorMessage(attempts.error, 'Could not load the attempts')}
        </p>
      ) : attempts.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No attempts yet: events are sent as they happen.</p>
      ) : (
        <ol className="mt-2 space-y-2">
          {attempts.data.map((a) => (
            <li key={a.id} className="text-sm">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span
                  className={`rounded px-1.5 py-0.5 text-xs font-semibold ${
                    a.outcome === 'succeeded'
                      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/20 dark:text-emerald-200'
                      : 'bg-rose-100 text-rose-800 dark:bg-rose-500/20 dark:text-rose-200'
                  }`}
                >
                  {a.outcome === 'succeeded' ? 'Delivered' : 'Failed'}
                </span>
                <span className="font-mono text-xs text-slate-800 dark:text-slate-200">{a.eventType}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  attempt {a.attempt} · {a.responseStatus === null ? 'no response' : `HTTP ${a.responseStatus}`} · {a.durationMs} ms ·{' '}
                  <time dateTime={a.createdAt}>{formatTime(a.createdAt)}</time>
                </span>
              </div>
              {a.error && <p className="mt-0.5 text-xs break-words text-rose-700 dark:text-rose-300">{a.error}</p>}
              <p className="mt-0.5 font-mono text-[11px] break-all text-slate-500 dark:text-slate-400">{a.messageId}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
