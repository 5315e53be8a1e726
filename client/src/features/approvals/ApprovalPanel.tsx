import { useTranslation } from 'react-i18next';
import { APPROVAL_EXPORT_FORMATS, type ApprovalDto } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useCopy } from '../../platform/clipboard';
import { intlLocale } from '../../platform/i18n/i18n';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/forms/Notice';
import { EXPORT_LABELS } from '../campaigns';
import ApprovalLineRow from './ApprovalLineRow';
import ApprovalNewLink from './ApprovalNewLink';
import { STATUS_STYLE } from './approval-status';
import { useApprovalChange, useApprovalExport, useSaveApproved } from './approvals';

const dateTime = (iso: string) => new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** One link as the team sees it: its state, what can be done with it, and each line with its decisions, live. */
export default function ApprovalPanel({ approval, userId }: { approval: ApprovalDto; userId: string }) {
  const { t } = useTranslation('approvals');
  const change = useApprovalChange(userId, approval.id);
  const exporter = useApprovalExport(approval.id);
  const save = useSaveApproved(userId, approval.id);
  const { copiedKey, copy } = useCopy();
  const { confirm, dialog } = useConfirm();
  const approved = approval.lines.filter((l) => l.state === 'approved');
  const open = approval.status === 'open' || approval.status === 'locked';

  return (
    <section className="card p-5 sm:p-6" aria-labelledby="approval-title" data-testid="approval-panel">
      {dialog}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="approval-title" className="text-xl font-bold break-words text-slate-900 dark:text-white">
            {approval.title}
          </h2>
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-slate-600 dark:text-slate-400">
            <li>
              {approval.createdBy
                ? t('panel.createdBy', { name: approval.createdBy.name, date: dateTime(approval.createdAt) })
                : dateTime(approval.createdAt)}
            </li>
            <li>
              {approval.status === 'expired'
                ? t('panel.expired', { date: dateTime(approval.expiresAt) })
                : t('panel.expires', { date: dateTime(approval.expiresAt) })}
            </li>
            {approval.hasPin && <li>{t('panel.pin')}</li>}
          </ul>
        </div>
        <span className={`chip ${STATUS_STYLE[approval.status]}`} data-testid="approval-status">
          {t(`status.${approval.status}`)}
        </span>
      </div>
      {approval.note && <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-700 dark:text-slate-300">{approval.note}</p>}

      <div className="mt-4 flex flex-wrap gap-2">
        {approval.status === 'locked' && (
          <button
            type="button"
            className="btn-primary tap px-3 py-2 text-sm"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'unlock' })}
          >
            {t('panel.unlock')}
          </button>
        )}
        {approval.status !== 'revoked' && (
          <button
            type="button"
            className="btn-secondary tap px-3 py-2 text-sm"
            disabled={change.isPending}
            onClick={() => change.mutate({ kind: 'extend' })}
          >
            {t('panel.extend')}
          </button>
        )}
        {open && (
          <button
            type="button"
            className="btn-danger tap px-3 py-2 text-sm"
            disabled={change.isPending}
            onClick={() =>
              void confirm({
                title: t('panel.revokeTitle'),
                message: t('panel.revokeMessage'),
                confirmLabel: t('panel.revoke'),
                destructive: true,
              }).then((yes) => yes && change.mutate({ kind: 'revoke' }))
            }
          >
            {t('panel.revoke')}
          </button>
        )}
        {open && <ApprovalNewLink approval={approval} userId={userId} />}
      </div>
      {change.isError && (
        <div className="mt-3">
          <Notice kind="error">{errorMessage(change.error, t('panel.changeFailed'))}</Notice>
        </div>
      )}

      <div className="mt-5 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('panel.approvedTitle', { count: approved.length })}</h3>
        {approved.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('panel.noneApproved')}</p>
        ) : (
          <div className="mt-3 flex flex-wrap gap-2">
            {APPROVAL_EXPORT_FORMATS.map((f) => (
              <button
                key={f}
                type="button"
                className="btn-secondary tap px-3 py-2 text-sm"
                disabled={exporter.isPending}
                onClick={() => exporter.mutate(f)}
              >
                {t('panel.export', { format: EXPORT_LABELS[f] })}
              </button>
            ))}
            <button
              type="button"
              className="btn-secondary tap px-3 py-2 text-sm"
              onClick={() => void copy('approved', approved.map((l) => l.text).join('\n'))}
            >
              {copiedKey === 'approved' ? t('panel.copied') : t('panel.copyApproved')}
            </button>
            <button
              type="button"
              className="btn-secondary tap px-3 py-2 text-sm"
              disabled={save.isPending}
              onClick={() => save.mutate(approval.teamId ? { target: 'team' } : { target: 'own' })}
            >
              {approval.teamId ? t('panel.saveTeam') : t('panel.saveOwn')}
            </button>
          </div>
        )}
        <div className="mt-2 space-y-2" aria-live="polite">
          {exporter.isSuccess && exporter.data > 0 && <Notice kind="info">{t('panel.omitted', { count: exporter.data })}</Notice>}
          {exporter.isError && <Notice kind="error">{errorMessage(exporter.error, t('panel.exportFailed'))}</Notice>}
          {save.isSuccess && (
            <Notice kind="success">
              {t(save.data.target === 'team' ? 'panel.savedTeam' : 'panel.savedOwn', { count: save.data.saved + save.data.alreadySaved })}
            </Notice>
          )}
          {save.isError && <Notice kind="error">{errorMessage(save.error, t('panel.saveFailed'))}</Notice>}
        </div>
      </div>

      <ol className="mt-5 space-y-4">
        {approval.lines.map((line, i) => (
          <ApprovalLineRow
            key={line.id}
            line={line}
            number={i + 1}
            approvalId={approval.id}
            userId={userId}
            canReshare={open}
            language={approval.language}
          />
        ))}
      </ol>
    </section>
  );
}
