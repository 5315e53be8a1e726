import { getPlan } from '@gl/core/types';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAuth } from '../accounts';
import { Notice } from '../../ui/forms/Notice';
import { CodeBlock } from './CodeBlock';

const linkClass = 'font-semibold text-violet-700 underline underline-offset-2 dark:text-violet-300';

/**
 * The API's panels (keys, webhooks) for those whose plan has API access; everyone else reads how to
 * get it (sign in; upgrade), in the panel's own words (`signIn`, `businessOnly`, `getAccess`).
 */
export function ApiAccessGate({ ns, children }: { ns: 'apiKeys' | 'webhooks'; children: ReactNode }) {
  const { t } = useTranslation(ns);
  const { user, isAuthenticated } = useAuth();
  if (!isAuthenticated || !user) {
    return (
      <Notice kind="info">
        <Trans t={t} i18nKey="signIn" components={{ signIn: <Link to="/auth" className={linkClass} /> }} />
      </Notice>
    );
  }
  if (!getPlan(user.planId).limits.apiAccess) {
    return (
      <Notice kind="info">
        {t('businessOnly', { plan: getPlan(user.planId).name })}{' '}
        <Link to="/pricing" className={linkClass}>
          {t('getAccess')}
        </Link>
      </Notice>
    );
  }
  return children;
}

/** A secret the server shows once (a new key, a webhook's signing secret): copy it now. */
export function SecretShownOnce({
  message,
  title,
  secret,
  doneLabel,
  onDone,
}: {
  message: string;
  title: string;
  secret: string;
  doneLabel: string;
  onDone(): void;
}) {
  return (
    <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-500/40 dark:bg-amber-500/10">
      <p className="text-sm font-medium break-words text-amber-900 dark:text-amber-200">{message}</p>
      <CodeBlock title={title} code={secret} />
      <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={onDone}>
        {doneLabel}
      </button>
    </div>
  );
}
