import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import PageLoader from '../../ui/PageLoader';
import { DeleteAccountSection, ExportSection } from './DataSections';
import { LanguageSection } from './LanguageSection';
import { TimeZoneSection } from './TimeZoneSection';
import { EmailSection, PasswordSection, ProfileSection } from './ProfileSections';
import { SessionsSection } from './SessionsSection';
import { Notice } from '../../ui/forms/Notice';
import { useAuth } from './auth';

/** /account: profile, e-mail, password, language, time zone, devices, data export and account deletion. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const { user, loading } = useAuth();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  // Signed out while here (account deleted, "Sign Out"): go home, not to the sign-in form.
  const hadUser = useRef(false);
  if (loading) return <PageLoader label={t('loading')} />;
  if (!user) return hadUser.current ? <Navigate to="/" replace /> : <Navigate to="/auth" replace state={{ from: '/account' }} />;
  hadUser.current = true;
  return (
    <div className="page max-w-3xl">
      <h1 className="page-title">{t('title')}</h1>
      <p className="page-lead">{t('lead')}</p>
      {notice && (
        <div className="mt-6">
          <Notice kind="success">{notice}</Notice>
        </div>
      )}
      <div className="mt-8 grid gap-6">
        <ProfileSection key={`name-${user.name}`} user={user} />
        <EmailSection user={user} />
        <PasswordSection />
        <LanguageSection />
        <TimeZoneSection user={user} />
        <SessionsSection />
        <ExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
