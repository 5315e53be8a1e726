import { useTranslation } from 'react-i18next';

/** A new approval link, labelled, read-only and selected on focus (the share dialog and New link). */
export function ApprovalUrlField({ id, url, testId }: { id: string; url: string; testId: string }) {
  const { t } = useTranslation('approvals');
  return (
    <>
      <label htmlFor={id} className="field-label">
        {t('share.linkLabel')}
      </label>
      <input id={id} readOnly value={url} className="field font-mono" onFocus={(e) => e.currentTarget.select()} data-testid={testId} />
    </>
  );
}
