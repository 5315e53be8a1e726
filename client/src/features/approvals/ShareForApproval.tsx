import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getPlan, type ApprovalSource } from '@gl/core/types';
import { lazyChunk } from '../../platform/lazy-page';
import { useAuth } from '../accounts/auth';
import { unlockPlan } from '../lines/UpgradeHint';

const ShareDialog = lazyChunk(() => import('./ShareDialog'));

/** Approval links are a Business feature: the plan that has team collaboration. */
export const canShareForApproval = (planId: Parameters<typeof getPlan>[0]) => getPlan(planId).limits.teamCollaboration;

/**
 * "Share for approval" on a generation's results, a campaign, or a selection of saved lines. A
 * Business member opens the dialog; anyone else signed in sees the action and, on it, the plan that
 * has it with the way to it.
 */
export default function ShareForApproval({
  source,
  defaultTitle,
  className = 'btn-secondary tap px-3 py-2 text-sm',
  disabled,
}: {
  source: ApprovalSource;
  defaultTitle: string;
  className?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['approvals', 'catalog']);
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [hint, setHint] = useState(false);
  if (!user) return null;
  const allowed = canShareForApproval(user.planId);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-expanded={allowed ? undefined : hint}
        onClick={() => (allowed ? setOpen(true) : setHint((h) => !h))}
        data-testid="share-for-approval"
      >
        {t('share.action')}
      </button>
      {!allowed && hint && (
        <p className="basis-full text-sm text-slate-700 dark:text-slate-300" role="status">
          {t('share.upgrade', { plan: t(`catalog:plan.${unlockPlan((p) => p.limits.teamCollaboration)}`) })}{' '}
          <Link to="/pricing" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
            {t('share.seePlans')}
          </Link>
        </p>
      )}
      {open && (
        <Suspense fallback={null}>
          <ShareDialog source={source} defaultTitle={defaultTitle} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
