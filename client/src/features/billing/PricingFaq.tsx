import { useTranslation } from 'react-i18next';
import { CAMPAIGN_DAYS_MAX, CAMPAIGN_PLATFORMS_MAX, CAMPAIGNS_RUNNING_MAX, getPlan } from '@gl/core/types';

/** The questions, each `faq.<id>.q` / `.a` in the `pricing` catalogue. */
export const FAQ = ['change', 'methods', 'refund', 'limit', 'campaigns'] as const;

/** The numbers the answers quote, from the catalogue and the contract. */
const FAQ_NUMBERS = {
  pro: getPlan('pro').limits.campaignLinesPerDay,
  business: getPlan('business').limits.campaignLinesPerDay,
  days: CAMPAIGN_DAYS_MAX,
  platforms: CAMPAIGN_PLATFORMS_MAX,
  full: CAMPAIGN_DAYS_MAX * CAMPAIGN_PLATFORMS_MAX,
  running: CAMPAIGNS_RUNNING_MAX,
};

export default function PricingFaq() {
  const { t } = useTranslation('pricing');
  return (
    <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
      <h2 id="faq-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {t('faq.title')}
      </h2>
      <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900/60">
        {FAQ.map((item) => (
          <details key={item} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-slate-900 dark:text-white">
              {t(`faq.${item}.q`)}
              <span aria-hidden="true" className="text-xl leading-none text-slate-500 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{t(`faq.${item}.a`, FAQ_NUMBERS)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
