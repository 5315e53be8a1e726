import { Route } from 'react-router-dom';
import { lazyChunk } from '../../platform/lazy-page';

const AccountPage = lazyChunk(() => import('./AccountPage'));
const ForgotPasswordPage = lazyChunk(() => import('./ForgotPasswordPage'));
const ResetPasswordPage = lazyChunk(() => import('./ResetPasswordPage'));
const VerifyEmailPage = lazyChunk(() => import('./VerifyEmailPage'));
const UnsubscribePage = lazyChunk(() => import('./UnsubscribePage'));

/** The account pages, as <Route> children of the layout route. */
export const accountRoutes = [
  <Route key="account" path="account" element={<AccountPage />} />,
  <Route key="forgot-password" path="forgot-password" element={<ForgotPasswordPage />} />,
  <Route key="reset-password" path="reset-password" element={<ResetPasswordPage />} />,
  <Route key="verify-email" path="verify-email" element={<VerifyEmailPage />} />,
  <Route key="unsubscribe" path="unsubscribe" element={<UnsubscribePage />} />,
];
