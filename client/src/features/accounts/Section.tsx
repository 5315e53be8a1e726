import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import NeedsConnection from '../../ui/NeedsConnection';

/**
 * One block of the account page. Every one changes something on the server, so while offline it
 * says so (`needs`: what needs the connection); its buttons are disabled with `useOnline()`.
 */
export function Section({
  title,
  lead,
  children,
  danger,
  needs,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  danger?: boolean;
  needs?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <section className={`card p-5 sm:p-6 ${danger ? 'border-rose-200 dark:border-rose-500/30' : ''}`} aria-label={title}>
      <h2 className={`text-lg font-semibold ${danger ? 'text-rose-700 dark:text-rose-300' : 'text-slate-900 dark:text-white'}`}>{title}</h2>
      {lead && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{lead}</p>}
      <NeedsConnection action={needs ?? t('needs.default')} className="mt-3" />
      <div className="mt-4">{children}</div>
    </section>
  );
}
