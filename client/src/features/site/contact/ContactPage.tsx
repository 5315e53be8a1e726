import { useTranslation } from 'react-i18next';
import { ContactForm } from './ContactForm';
import { ContactInfo, FollowUs, QuickTips } from './ContactInfo';
import { PageHeader } from '../../../ui/PageHeader';

export default function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <>
      <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')}>
        {t('page.lead')}
      </PageHeader>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ContactForm />
        <div className="space-y-6">
          <ContactInfo />
          <FollowUs />
          <QuickTips />
        </div>
      </div>
    </>
  );
}
