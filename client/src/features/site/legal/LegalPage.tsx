import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { intlLocale, useLanguage } from '../../../platform/i18n/i18n';
import { PageHeader } from '../../../ui/PageHeader';

/**
 * Layout of the privacy and terms pages: a header and readable prose sections. `updated` is the
 * month of the last change (year, month 1-12), shown in the page's language.
 */
export function LegalPage({
  title,
  updated,
  intro,
  children,
}: {
  title: string;
  updated: { year: number; month: number };
  intro: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('legal');
  const date = new Intl.DateTimeFormat(intlLocale(useLanguage()), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(updated.year, updated.month - 1, 1)),
  );
  return (
    <>
      <PageHeader eyebrow={t('updated', { date })} title={title}>
        {intro}
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 text-slate-700 sm:px-6 dark:text-slate-300 [&_a]:font-medium [&_a]:text-violet-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-violet-300 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:mt-2 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5">
        {children}
        <p className="border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
          <Trans t={t} i18nKey="questions" components={{ a: <Link to="/contact" /> }} />
        </p>
      </div>
    </>
  );
}
