import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '../../ui/forms/Field';
import LinePreview from './LinePreview';
import { APPROVAL_COMMENT_MAX, type ApprovalDecision, type ApprovalLineState, type PublicApprovalLineDto } from '@gl/core/types';

const STATE_STYLE: Record<ApprovalLineState, string> = {
  pending: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  approved: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200',
  changes_requested: 'bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-200',
};

export function StateChip({ state }: { state: ApprovalLineState }) {
  const { t } = useTranslation('approvals');
  return <span className={`chip ${STATE_STYLE[state]}`}>{t(`state.${state}`)}</span>;
}

/** One shared line on the client's page: its preview, its state, and the three decisions. */
export default function ApprovalLineCard({
  line,
  number,
  unsent,
  onDecide,
}: {
  line: PublicApprovalLineDto;
  number: number;
  /** A decision on it is kept on the device, not yet sent. */
  unsent: boolean;
  /** False when the decision could not be taken (no name yet): the form stays open. */
  onDecide(decision: ApprovalDecision, comment?: string): boolean;
}) {
  const { t } = useTranslation('approvals');
  const id = useId();
  const [form, setForm] = useState<'request_changes' | 'comment' | null>(null);
  const [comment, setComment] = useState('');
  const close = () => {
    setForm(null);
    setComment('');
  };
  return (
    <li className="card p-4 sm:p-5" data-testid="approval-line" data-line-id={line.id} data-state={line.state} aria-labelledby={`${id}-n`}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 id={`${id}-n`} className="text-sm font-semibold text-slate-900 dark:text-white">
          {t('line.number', { n: number })}
        </h2>
        {line.version > 1 && (
          <span className="chip bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200">
            {t('line.version', { n: line.version })}
          </span>
        )}
        <span aria-live="polite">
          <StateChip state={line.state} />
        </span>
        {unsent && <span className="chip bg-sky-100 text-sky-900 dark:bg-sky-500/15 dark:text-sky-200">{t('line.unsent')}</span>}
      </div>
      <LinePreview text={line.text} platform={line.platform} />
      {form ? (
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            const text = comment.trim();
            if (form === 'request_changes' && !text) return;
            if (onDecide(form, text || undefined)) close();
          }}
        >
          <TextAreaField
            id={`${id}-comment`}
            label={form === 'request_changes' ? t('line.changesLabel') : t('line.commentLabel')}
            hint={form === 'request_changes' ? t('line.changesHint') : undefined}
            value={comment}
            onChange={setComment}
            maxLength={APPROVAL_COMMENT_MAX}
            rows={3}
            required
            autoGrow
            data-autofocus
            autoFocus
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary tap px-4 py-2 text-sm">
              {form === 'request_changes' ? t('line.sendChanges') : t('line.sendComment')}
            </button>
            <button type="button" className="btn-ghost tap px-4 py-2 text-sm" onClick={close}>
              {t('line.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-primary tap min-h-11 flex-auto whitespace-nowrap px-4 py-2 text-sm sm:flex-none"
            aria-pressed={line.state === 'approved'}
            onClick={() => onDecide('approve')}
          >
            {t('line.approve')}
          </button>
          <button
            type="button"
            className="btn-secondary tap min-h-11 flex-auto whitespace-nowrap px-4 py-2 text-sm sm:flex-none"
            onClick={() => setForm('request_changes')}
          >
            {t('line.requestChanges')}
          </button>
          <button type="button" className="btn-ghost tap min-h-11 whitespace-nowrap px-4 py-2 text-sm" onClick={() => setForm('comment')}>
            {t('line.comment')}
          </button>
        </div>
      )}
    </li>
  );
}
