import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import AuthForm from './AuthForm';
import PageLoader from '../../ui/PageLoader';
import { useAuth } from './auth';

export default function AuthPage() {
  const { t } = useTranslation('auth');
  const { isAuthenticated, loading } = useAuth();
  const [params] = useSearchParams();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  if (loading) return <PageLoader label={t('loading')} />;
  // An already signed-in user is sent to /; a sign-in we asked for returns to where it started.
  if (isAuthenticated) return <Navigate to={from && from.startsWith('/') && !from.startsWith('//') ? from : '/'} replace />;

  return (
    <div className="relative flex min-h-[calc(100vh-4rem)] items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-violet-200/60 to-transparent dark:from-violet-900/30"
      />
      <AuthForm key={params.get('mode') ?? 'signin'} initialMode={params.get('mode') === 'signup' ? 'signup' : 'signin'} />
    </div>
  );
}
