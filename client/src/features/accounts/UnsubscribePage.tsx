import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../platform/api';
import { useUnsubscribeNewsletter } from '../site';
import { FormShell } from './FormShell';
import { Notice } from '../../ui/forms/Notice';

/** /unsubscribe?token=: the visible link in every newsletter e-mail. One button, no sign-in. */
export default function UnsubscribePage() {
  const { t } = useTranslation('newsletter');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribeNewsletter();
  const error = !token ? t('unsubscribe.noToken') : unsubscribe.isError ? errorMessage(unsubscribe.error, t('unsubscribe.failed')) : '';

  return (
    <FormShell title={t('unsubscribe.title')} lead={t('unsubscribe.lead')}>
      <div className="grid gap-4">
        {unsubscribe.isSuccess ? (
          <>
            <Notice kind="success">{t('unsubscribe.done')}</Notice>
            <Link to="/" className="btn-secondary w-full py-2.5">
              {t('unsubscribe.back')}
            </Link>
          </>
        ) : (
          <>
            {error && <Notice kind="error">{error}</Notice>}
            <button
              type="button"
              className="btn-primary w-full py-2.5"
              disabled={!token || unsubscribe.isPending}
              onClick={() => unsubscribe.mutate(token)}
            >
              {unsubscribe.isPending ? t('unsubscribe.busy') : t('unsubscribe.submit')}
            </button>
          </>
        )}
      </div>
    </FormShell>
  );
}
