import { useRef } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import PageLoader from '../../components/PageLoader';
import { DeleteAccountSection, ExportSection } from '../../components/account/DataSections';
import { Notice } from '../../components/forms/Notice';
import { EmailSection, PasswordSection, ProfileSection } from '../../components/account/ProfileSections';
import { SessionsSection } from '../../components/account/SessionsSection';
import { useAuth } from '../../lib/auth';

/** /account: profile, e-mail, password, devices, data export and account deletion. */
export default function AccountPage() {
  const { user, loading } = useAuth();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  // Signed out while here (account deleted, "Sign Out"): go home, not to the sign-in form.
  const hadUser = useRef(false);
  if (loading) return <PageLoader label="Loading..." />;
  if (!user) return hadUser.current ? <Navigate to="/" replace /> : <Navigate to="/auth" replace state={{ from: '/account' }} />;
  hadUser.current = true;
  return (
    <div className="page max-w-3xl">
      <h1 className="page-title">Account settings</h1>
      <p className="page-lead">Your profile, sign-in and data.</p>
      {notice && (
        <div className="mt-6">
          <Notice kind="success">{notice}</Notice>
        </div>
      )}
      <div className="mt-8 grid gap-6">
        <ProfileSection key={`name-${user.name}`} user={user} />
        <EmailSection user={user} />
        <PasswordSection />
        <SessionsSection />
        <ExportSection />
        <DeleteAccountSection />
      </div>
    </div>
  );
}
