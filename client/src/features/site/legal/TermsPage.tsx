import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LegalPage } from './LegalPage';

export default function TermsPage() {
  const { t } = useTranslation('legal');
  return (
    <LegalPage title={t('terms.title')} updated={{ year: 2026, month: 11 }} intro={t('terms.intro')}>
      <section>
        <h2>{t('terms.using.title')}</h2>
        <p>{t('terms.using.account')}</p>
        <p>{t('terms.using.abuse')}</p>
      </section>
      <section>
        <h2>{t('terms.lines.title')}</h2>
        <p>{t('terms.lines.text')}</p>
      </section>
      <section>
        <h2>{t('terms.plans.title')}</h2>
        <ul>
          <li>
            <Trans t={t} i18nKey="terms.plans.pricing" components={{ a: <Link to="/pricing" /> }} />
          </li>
          <li>{t('terms.plans.changes')}</li>
          <li>{t('terms.plans.refund')}</li>
        </ul>
      </section>
      <section>
        <h2>{t('terms.api.title')}</h2>
        <p>{t('terms.api.text')}</p>
      </section>
      <section>
        <h2>{t('terms.liability.title')}</h2>
        <p>{t('terms.liability.text')}</p>
      </section>
    </LegalPage>
  );
}
