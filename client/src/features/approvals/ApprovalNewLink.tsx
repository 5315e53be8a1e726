import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPROVAL_PIN_INPUT_PATTERN, APPROVAL_PIN_MAX_DIGITS, type ApprovalDto } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useCopy } from '../../platform/clipboard';
import { useConfirm } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import { useRenewApprovalToken } from './approvals';
import { ApprovalUrlField } from './ApprovalUrlField';

/**
 * "New link" on a link the team follows: a fresh token for the same lines and decisions (a link sent
 * to the wrong person, or forwarded too far). The old link stops working at once, so it is
 * confirmed; a link with a PIN asks for the new link's PIN (a PIN belongs to its token). The new
 * link is shown once, with Copy, as when it was shared.
 */
export default function ApprovalNewLink({ approval, userId }: { approval: ApprovalDto; userId: string }) {
  const { t } = useTranslation('approvals');
  const id = useId();
  const renew = useRenewApprovalToken(userId, approval.id);
  const { confirm, dialog } = useConfirm();
  const { copiedKey, copy } = useCopy();
  const [asking, setAsking] = useState(false);
  const [pin, setPin] = useState('');
  const run = (body: { pin?: string }) =>
    void confirm({
      title: t('newLink.confirmTitle'),
      message: t('newLink.confirmMessage'),
      confirmLabel: t('newLink.confirm'),
      destructive: true,
    }).then((yes) => yes && renew.mutate(body, { onSuccess: () => setAsking(false) }));

  return (
    <div className={asking || renew.isSuccess || renew.isError ? 'basis-full' : undefined}>
      {dialog}
      {asking ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (/^\d{4,6}$/.test(pin)) run({ pin });
          }}
        >
          <Field
            id={`${id}-pin`}
            label={t('newLink.pinLabel')}
            hint={t('newLink.pinHint')}
            value={pin}
            onChange={(v) => setPin(v.replace(/\D/g, '').slice(0, APPROVAL_PIN_MAX_DIGITS))}
            inputMode="numeric"
            pattern={APPROVAL_PIN_INPUT_PATTERN}
            autoComplete="off"
            data-autofocus
          />
          <button type="submit" className="btn-primary tap px-3 py-2 text-sm" disabled={renew.isPending}>
            {t('newLink.action')}
          </button>
          <button type="button" className="btn-ghost tap px-3 py-2 text-sm" onClick={() => setAsking(false)}>
            {t('line.cancel')}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="btn-secondary tap px-3 py-2 text-sm"
          disabled={renew.isPending}
          onClick={() => (approval.hasPin ? setAsking(true) : run({}))}
        >
          {t('newLink.action')}
        </button>
      )}
      {renew.isError && (
        <div className="mt-2">
          <Notice kind="error">{errorMessage(renew.error, t('newLink.failed'))}</Notice>
        </div>
      )}
      {renew.isSuccess && (
        <div className="mt-3 space-y-2" data-testid="approval-new-link">
          <Notice kind="success">{t('newLink.created')}</Notice>
          <ApprovalUrlField id={`${id}-url`} url={renew.data.url} testId="approval-new-url" />
          <button type="button" className="btn-primary tap px-3 py-2 text-sm" onClick={() => void copy('url', renew.data.url)}>
            {copiedKey === 'url' ? t('share.copied') : t('share.copy')}
          </button>
        </div>
      )}
    </div>
  );
}
