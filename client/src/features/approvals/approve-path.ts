import type { UiLanguage } from '@gl/core/types';

/** `/approve/<token>` and `/sw/approve/<token>`: the client's page (in the app chunk: main.tsx asks it). */
export const isApprovalPagePath = (pathname: string): boolean => /^\/(sw\/)?approve\/[^/]+\/?$/.test(pathname);

/** The path of the link's page in a language: `/approve/<token>`, `/sw/approve/<token>`. */
export const approvePath = (token: string, lang: UiLanguage) => `${lang === 'en' ? '' : `/${lang}`}/approve/${encodeURIComponent(token)}`;
