/**
 * The newsletter's e-mail rule (spec §5), kept here rather than imported from @gl/core so the
 * footer, which is on every page, does not pull the zod contract into the initial bundle.
 * newsletter.test.tsx checks these equal core's SPEC_EMAIL_PATTERN and INVALID_EMAIL_MESSAGE.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
