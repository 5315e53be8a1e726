import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  APPROVAL_EXPIRES_DAYS_DEFAULT,
  APPROVAL_NOTE_MAX,
  APPROVAL_PIN_INPUT_PATTERN,
  APPROVAL_PIN_MAX_DIGITS,
  APPROVAL_TITLE_MAX,
  UI_LANGUAGES,
  UI_LANGUAGE_NAMES,
  type ApprovalSource,
  type UiLanguage,
} from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useCopy } from '../../platform/clipboard';
import { useLanguage } from '../../platform/i18n/i18n';
import Dialog from '../../ui/Dialog';
import { Checkbox } from '../../ui/forms/Checkbox';
import { Field, SelectField, TextAreaField } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import { useAuth } from '../accounts';
import { useCurrentTeam } from '../teams';
import { useCreateApproval } from './approvals';
import { ApprovalUrlField } from './ApprovalUrlField';

/** The expiry choices, in days (the server takes 1 to 90; 14 unless chosen). */
const EXPIRY_DAYS = [3, 7, APPROVAL_EXPIRES_DAYS_DEFAULT, 30, 60, 90];

/** The dialog that makes an approval link: title, note, PIN, expiry, the client's language; then the link, once. */
export default function ShareDialog({ source, defaultTitle, onClose }: { source: ApprovalSource; defaultTitle: string; onClose(): void }) {
  const { t } = useTranslation('approvals');
  const id = useId();
  const { user } = useAuth();
  const team = useCurrentTeam(user?.id).data;
  const uiLanguage = useLanguage();
  const create = useCreateApproval(user?.id);
  const { copiedKey, copy } = useCopy();
  const [title, setTitle] = useState(defaultTitle.slice(0, APPROVAL_TITLE_MAX));
  const [note, setNote] = useState('');
  const [pin, setPin] = useState('');
  const [days, setDays] = useState(String(APPROVAL_EXPIRES_DAYS_DEFAULT));
  const [language, setLanguage] = useState<UiLanguage>(uiLanguage);
  const [withTeam, setWithTeam] = useState(true);
  const created = create.data;

  return (
    <Dialog
      title={t('share.title')}
      description={created ? undefined : t('share.description')}
      closeLabel={t('share.close')}
      onClose={onClose}
      dismissOnOutsideClick={false}
    >
      {created ? (
        <div className="mt-4 space-y-3" data-testid="approval-link-created">
          <Notice kind="success">{t('share.created')}</Notice>
          <ApprovalUrlField id={`${id}-url`} url={created.url} testId="approval-url" />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary tap px-4 py-2 text-sm"
              onClick={() => void copy('url', created.url)}
              data-autofocus
            >
              {copiedKey === 'url' ? t('share.copied') : t('share.copy')}
            </button>
            <Link to={`/approvals?id=${created.id}`} className="btn-secondary tap px-4 py-2 text-sm" onClick={onClose}>
              {t('share.follow')}
            </Link>
            <button type="button" className="btn-ghost tap px-4 py-2 text-sm" onClick={onClose}>
              {t('share.done')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="mt-4 space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              title: title.trim(),
              ...(note.trim() ? { note: note.trim() } : {}),
              ...(pin ? { pin } : {}),
              expiresInDays: Number(days),
              language,
              source,
              ...(team && withTeam ? { teamId: team.team.id } : {}),
            });
          }}
        >
          <Field
            id={`${id}-title`}
            label={t('share.titleLabel')}
            value={title}
            onChange={setTitle}
            maxLength={APPROVAL_TITLE_MAX}
            hint={t('share.titleHint')}
            data-autofocus
          />
          <TextAreaField
            id={`${id}-note`}
            label={t('share.noteLabel')}
            value={note}
            onChange={setNote}
            maxLength={APPROVAL_NOTE_MAX}
            required={false}
            rows={2}
            autoGrow
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={`${id}-pin`}
              label={t('share.pinLabel')}
              hint={t('share.pinHint')}
              value={pin}
              onChange={(v) => setPin(v.replace(/\D/g, '').slice(0, APPROVAL_PIN_MAX_DIGITS))}
              required={false}
              inputMode="numeric"
              pattern={APPROVAL_PIN_INPUT_PATTERN}
              autoComplete="off"
            />
            <SelectField id={`${id}-days`} label={t('share.expiryLabel')} value={days} onChange={setDays}>
              {EXPIRY_DAYS.map((d) => (
                <option key={d} value={d}>
                  {t('share.days', { count: d })}
                </option>
              ))}
            </SelectField>
          </div>
          <SelectField
            id={`${id}-lang`}
            label={t('share.languageLabel')}
            hint={t('share.languageHint')}
            value={language}
            onChange={(v) => setLanguage(v as UiLanguage)}
          >
            {UI_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={code}>
                {UI_LANGUAGE_NAMES[code]}
              </option>
            ))}
          </SelectField>
          {team && <Checkbox label={t('share.withTeam', { team: team.team.name })} checked={withTeam} onChange={setWithTeam} />}
          {create.isError && <Notice kind="error">{errorMessage(create.error, t('share.failed'))}</Notice>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary tap px-4 py-2 text-sm" disabled={create.isPending}>
              {create.isPending ? t('share.creating') : t('share.create')}
            </button>
            <button type="button" className="btn-ghost tap px-4 py-2 text-sm" onClick={onClose}>
              {t('share.cancel')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
