import { lazy } from 'react';
import { Route } from 'react-router-dom';

const AccountPage = lazy(() => import('./AccountPage'));
const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('./VerifyEmailPage'));
const UnsubscribePage = lazy(() => import('./UnsubscribePage'));

/** The account pages, as <Route> children of the layout route. */
export const accountRoutes = [
  <Route key="account" path="account" element={<AccountPage />} />,
  <Route key="forgot-password" path="forgot-password" element={<ForgotPasswordPage />} />,
  <Route key="reset-password" path="reset-password" element={<ResetPasswordPage />} />,
  <Route key="verify-email" path="verify-email" element={<VerifyEmailPage />} />,
  <Route key="unsubscribe" path="unsubscribe" element={<UnsubscribePage />} />,
];
