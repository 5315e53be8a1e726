import { Trans, useTranslation } from 'react-i18next';
import { LegalPage } from './LegalPage';
import { SITE } from '../site';

const STORED = ['account', 'saved', 'generations', 'payments', 'newsletter', 'apiKeys', 'browser'] as const;

export default function PrivacyPage() {
  const { t } = useTranslation('legal');
  const strong = { strong: <strong /> };
  return (
    <LegalPage title={t('privacy.title')} updated={{ year: 2026, month: 11 }} intro={t('privacy.intro')}>
      <section>
        <h2>{t('privacy.store.title')}</h2>
        <ul>
          {STORED.map((item) => (
            <li key={item}>
              <Trans t={t} i18nKey={`privacy.store.${item}`} components={strong} />
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2>{t('privacy.others.title')}</h2>
        <p>{t('privacy.others.providers')}</p>
        <p>
          <Trans t={t} i18nKey="privacy.others.noSale" components={strong} />
        </p>
      </section>
      <section>
        <h2>{t('privacy.keep.title')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="privacy.keep.text"
            values={{ email: SITE.email }}
            components={{ mail: <a href={`mailto:${SITE.email}`} /> }}
          />
        </p>
      </section>
      <section>
        <h2>{t('privacy.security.title')}</h2>
        <p>{t('privacy.security.text')}</p>
      </section>
    </LegalPage>
  );
}
