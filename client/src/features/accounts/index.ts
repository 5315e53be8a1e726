/** The accounts feature's entry in client: what other parts of client use (see "A feature's entries" in CONTRIBUTING). */
import { lazyChunk } from '../../platform/lazy-page';
export * from './account-language';
export * from './auth';

// Only a signed-in, unverified account sees it: its code (and the account data layer) stays out of
// the first visit's download.
export const VerifyEmailBanner = lazyChunk(() => import('./VerifyEmailBanner'));
