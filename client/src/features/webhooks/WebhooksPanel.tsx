import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX, type WebhookEndpointDto, type WebhookEventType } from '@gl/core/types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../platform/i18n/i18n';
import { showShortMoment } from '../../platform/time-zone';
import { errorMessage } from '../../platform/api';
import { useOnline } from '../../platform/app-status';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useWebhookAttempts, useWebhookEndpoints } from './webhooks';
import NeedsConnection from '../../ui/NeedsConnection';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/forms/Field';
import { MutationResult } from '../../ui/forms/MutationForm';
import { ApiAccessGate, SecretShownOnce } from '../api-keys';
import { Checkbox } from '../../ui/forms/Checkbox';

function formatTime(iso: string): string {
  return showShortMoment(iso);
}

/** Add, list, rotate and delete webhook endpoints, and see their recent attempts (Business plan). */
export function WebhooksPanel() {
  return (
    <ApiAccessGate ns="webhooks">
      <EndpointManager />
    </ApiAccessGate>
  );
}

/** The secret of the endpoint just added or rotated: shown once. */
interface ShownSecret {
  endpointId: string;
  url: string;
  secret: string;
}

function EndpointManager() {
  const { t } = useTranslation('webhooks');
  const online = useOnline();
  const { confirm, dialog } = useConfirm();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const endpoints = useWebhookEndpoints();
  const create = useCreateWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const show = (result: { endpoint: WebhookEndpointDto; secret: string }) =>
    setShown({ endpointId: result.endpoint.id, url: result.endpoint.url, secret: result.secret });

  const toggle = (type: WebhookEventType) =>
    setEvents((current) =>
      current.includes(type) ? current.filter((e) => e !== type) : WEBHOOK_EVENT_TYPES.filter((e) => e === type || current.includes(e)),
    );

  return (
    <div className="card space-y-5 p-5">
      <NeedsConnection action={t('needs')} />
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!online) return;
          create.mutate(
            { url: url.trim(), events },
            {
              onSuccess: (result) => {
                show(result);
                setUrl('');
              },
            },
          );
        }}
      >
        <Field
          id="webhook-url"
          label={t('url')}
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={WEBHOOK_URL_MAX}
          placeholder={t('urlPlaceholder')}
          value={url}
          onChange={setUrl}
        />
        <fieldset>
          <legend className="field-label">{t('events')}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                label={type}
                className="font-mono text-slate-800 dark:text-slate-200"
                checked={events.includes(type)}
                onChange={() => toggle(type)}
              />
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary px-4 py-2 text-sm" disabled={create.isPending || !online || events.length === 0}>
          {create.isPending ? t('adding') : t('add')}
        </button>
      </form>
      <MutationResult mutation={create} fallback={t('addFailed')} />
      {(rotate.isError || remove.isError) && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {errorMessage(rotate.error ?? remove.error, t('changeFailed'))}
        </p>
      )}
      {shown && (
        <SecretShownOnce
          message={t('copyNow', { url: shown.url })}
          title={t('secretTitle')}
          secret={shown.secret}
          doneLabel={t('savedIt')}
          onDone={() => setShown(null)}
        />
      )}
      <div>
        <h4 className="text-sm font-semibold text-slate-900 dark:text-white">{t('yourEndpoints')}</h4>
        {endpoints.isPending ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('loading')}</p>
        ) : endpoints.isError ? (
          <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-400">
            {errorMessage(endpoints.error, t('loadFailed'))}
          </p>
        ) : endpoints.data.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('none')}</p>
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
                    title: t('rotateTitle'),
                    message:
                      endpoint.status === 'disabled'
                        ? t('rotateMessageDisabled', { url: endpoint.url })
                        : t('rotateMessage', { url: endpoint.url }),
                    confirmLabel: t('rotate'),
                  });
                  if (yes) rotate.mutate(endpoint.id, { onSuccess: show });
                }}
                onDelete={async () => {
                  const yes = await confirm({
                    title: t('deleteTitle'),
                    message: t('deleteMessage', { url: endpoint.url }),
                    confirmLabel: t('deleteConfirm'),
                    destructive: true,
                  });
                  if (yes)
                    remove.mutate(endpoint.id, {
                      onSuccess: () => setShown((current) => (current?.endpointId === endpoint.id ? null : current)),
                    });
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
  const { t } = useTranslation('webhooks');
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
              {disabled ? t('disabled') : t('active')}
            </span>
            {endpoint.events.join(', ')}
          </p>
          {disabled && endpoint.disabledReason && (
            <p className="mt-1 text-xs text-rose-700 dark:text-rose-300">{t('disabledReason', { reason: endpoint.disabledReason })}</p>
          )}
          {!disabled && endpoint.failingSince && (
            <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">
              {t('failingSince', { time: formatTime(endpoint.failingSince) })}
            </p>
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
            {open ? t('hideAttempts') : t('attempts')}
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5 text-sm" disabled={busy} onClick={onRotate}>
            {t('rotate')}
          </button>
          <button type="button" className="btn-danger px-3 py-1.5 text-sm" disabled={busy} onClick={onDelete}>
            {t('delete')}
          </button>
        </div>
      </div>
      {open && <Attempts id={attemptsId} endpointId={endpoint.id} />}
    </li>
  );
}

function Attempts({ id, endpointId }: { id: string; endpointId: string }) {
  const { t } = useTranslation('webhooks');
  const attempts = useWebhookAttempts(endpointId);
  return (
    <div id={id} className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
      <h5 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{t('attempts')}</h5>
      {attempts.isPending ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('loading')}</p>
      ) : attempts.isError ? (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-400">
          {errorMessage(attempts.error, t('attemptsFailed'))}
        </p>
      ) : attempts.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('noAttempts')}</p>
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
                  {a.outcome === 'succeeded' ? t('delivered') : t('failed')}
                </span>
                <span className="font-mono text-xs text-slate-800 dark:text-slate-200">{a.eventType}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {t('attemptDetails', {
                    attempt: a.attempt,
                    response: a.responseStatus === null ? t('noResponse') : `HTTP ${a.responseStatus}`,
                    ms: a.durationMs.toLocaleString(intlLocale()),
                  })}{' '}
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
