/** Money is written one way in both languages (`KSh 1,289`, `$9.99`): core's helper, shared with the receipts and e-mails. */
export { formatKsh, formatMinor, formatUsdCents } from '@gl/core/types';
