import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from './PageHeader';

/** Layout of the privacy and terms pages: a header and readable prose sections. */
export function LegalPage({ title, updated, intro, children }: { title: string; updated: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <PageHeader eyebrow={`Last updated ${updated}`} title={title}>
        {intro}
      </PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 text-slate-700 sm:px-6 dark:text-slate-300 [&_a]:font-medium [&_a]:text-violet-700 [&_a]:underline [&_a]:underline-offset-2 dark:[&_a]:text-violet-300 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:mt-2 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5">
        {children}
        <p className="border-t border-slate-200 pt-6 text-sm dark:border-slate-800">
          Questions? <Link to="/contact">Contact us</Link> and we will answer within 24 hours.
        </p>
      </div>
    </>
  );
}
