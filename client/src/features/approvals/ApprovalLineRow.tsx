import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getPlatform,
  SAVED_TEXT_MAX,
  type ApprovalLineDto,
  type ApprovalRefineAcceptedDto,
  type LanguageId,
  type RefineAction,
} from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { intlLocale } from '../../platform/i18n/i18n';
import { TextAreaField } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import { offeredActions, RefineMenu } from '../lines';
import { StateChip } from './ApprovalLineCard';
import { fitOnPlatform } from './platform-fit';
import { useApprovalChange, useRefineApprovalLine, useRefinedLine } from './approvals';

const when = (iso: string) => new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * One line of a link on the team's side: the current version, its state, every decision and
 * comment (plain text, never turned into links), and for a line with changes requested the
 * generator's refine actions and a rewrite by hand, either going back to the client as its next
 * version once the member re-shares it.
 */
export default function ApprovalLineRow({
  line,
  number,
  approvalId,
  userId,
  canReshare,
  language,
}: {
  line: ApprovalLineDto;
  number: number;
  approvalId: string;
  userId: string;
  canReshare: boolean;
  /** The language the line is taken to be in (the link's): not offered as a translation. */
  language: LanguageId;
}) {
  const { t } = useTranslation(['approvals', 'generate']);
  const id = useId();
  const change = useApprovalChange(userId, approvalId);
  const [draft, setDraft] = useState<string | null>(null);
  const refine = useRefineApprovalLine(approvalId, line.id);
  const [accepted, setAccepted] = useState<ApprovalRefineAcceptedDto | null>(null);
  const refined = useRefinedLine(userId, accepted);
  const refinedText = refined?.status === 'done' ? refined.text : null;
  const refining = refine.isPending || refined?.status === 'writing';
  // The refined line arrives as the draft to re-share (the member may still edit it).
  useEffect(() => {
    if (refinedText !== null) setDraft(refinedText);
  }, [refinedText]);
  const startRefine = (action: RefineAction, to?: LanguageId) => {
    setAccepted(null);
    refine.mutate({ action, ...(to ? { language: to } : {}) }, { onSuccess: setAccepted });
  };
  const platform = line.platform ? getPlatform(line.platform) : null;
  const fit = fitOnPlatform(line.text, line.platform);
  const actions = offeredActions(line.text, {
    emojiAllowed: !platform || (platform.emoji !== 'none' && platform.counting !== 'gsm7'),
    length: fit?.count ?? [...line.text].length,
    limit: fit && fit.limit > 0 ? fit.limit : Infinity,
  });
  const reshare = (text: string) => {
    // The refined line as it came: the next refinement of this version goes on in its generation.
    const from = accepted && text === refinedText ? { generationId: accepted.generation.id, index: accepted.index } : undefined;
    change.mutate(
      { kind: 'lines', lines: [{ text, replaces: line.id, ...(from ? { from } : {}) }] },
      {
        onSuccess: () => {
          setDraft(null);
          setAccepted(null);
        },
      },
    );
  };
  const lastChanges = [...line.decisions].reverse().find((d) => d.decision === 'request_changes' && d.version === line.version);

  return (
    <li
      className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      data-testid="approval-team-line"
      data-state={line.state}
      data-line-id={line.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t('line.number', { n: number })}</h3>
        {line.platform && <span className="text-xs text-slate-600 dark:text-slate-400">{t(`platform.${line.platform}`)}</span>}
        {line.version > 1 && (
          <span className="chip bg-violet-100 text-violet-800 dark:bg-violet-500/15 dark:text-violet-200">
            {t('line.version', { n: line.version })}
          </span>
        )}
        <StateChip state={line.state} />
      </div>
      <p className="mt-2 whitespace-pre-wrap break-words text-base text-slate-900 dark:text-slate-100" data-testid="approval-line-text">
        {line.text}
      </p>
      {line.decisions.length > 0 && (
        <ul className="mt-3 space-y-1.5 border-l-2 border-slate-200 pl-3 text-sm dark:border-slate-700" aria-label={t('panel.history')}>
          {line.decisions.map((d) => (
            <li key={d.id} className="break-words text-slate-700 dark:text-slate-300" data-testid="approval-decision">
              <span className="font-medium text-slate-900 dark:text-white">{d.reviewerName}</span>{' '}
              {t(`decision.${d.decision}`, { n: d.version })}
              {d.comment && <q className="ml-1 italic">{d.comment}</q>}
              <span className="ml-1 text-xs text-slate-600 dark:text-slate-400">{when(d.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {line.state === 'changes_requested' && canReshare && (
        <div className="mt-3">
          <div className="flex flex-wrap items-center gap-2">
            {draft === null && (
              <button type="button" className="btn-secondary tap px-3 py-2 text-sm" onClick={() => setDraft(line.text)}>
                {t('panel.rewrite')}
              </button>
            )}
            <RefineMenu
              label={t('line.number', { n: number })}
              language={language}
              actions={actions}
              disabled={refining || change.isPending}
              onRefine={startRefine}
            />
          </div>
          <div aria-live="polite" className="mt-2 space-y-2 empty:hidden">
            {refining && (
              <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="approval-refining">
                {t('panel.refining')}
              </p>
            )}
            {refine.isError && <Notice kind="error">{errorMessage(refine.error, t('panel.refineFailed'))}</Notice>}
            {refined?.status === 'failed' && <Notice kind="error">{refined.error ?? t('panel.refineFailed')}</Notice>}
          </div>
          {draft !== null && (
            <form
              className="mt-2 space-y-2"
              onSubmit={(e) => {
                e.preventDefault();
                const text = draft.trim();
                if (text) reshare(text);
              }}
            >
              <TextAreaField
                id={`${id}-rewrite`}
                label={t('panel.rewriteLabel', { n: line.version + 1 })}
                hint={lastChanges?.comment ? t('panel.rewriteHint', { comment: lastChanges.comment }) : undefined}
                value={draft}
                onChange={setDraft}
                maxLength={SAVED_TEXT_MAX}
                rows={2}
                autoGrow
              />
              {change.isError && <Notice kind="error">{errorMessage(change.error, t('panel.changeFailed'))}</Notice>}
              <div className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  className="btn-primary tap px-3 py-2 text-sm"
                  disabled={change.isPending || refining || draft.trim() === line.text}
                >
                  {t('panel.reshare')}
                </button>
                <button
                  type="button"
                  className="btn-ghost tap px-3 py-2 text-sm"
                  onClick={() => {
                    setDraft(null);
                    setAccepted(null);
                  }}
                >
                  {t('line.cancel')}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </li>
  );
}
