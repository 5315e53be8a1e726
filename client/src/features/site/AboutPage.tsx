import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader, Section, cardClass, primaryButtonClass, secondaryButtonClass } from '../../ui/PageHeader';
import { COUNTERS, SITE, counterValue } from './site';
import { intlLocale, useLanguage } from '../../platform/i18n/i18n';

const TEAM = [
  {
    id: 'engineering',
    initials: '</>',
    gradient: 'from-violet-500 to-sky-500',
  },
  {
    id: 'content',
    initials: '✎',
    gradient: 'from-fuchsia-500 to-amber-500',
  },
] as const;

/** Each `values.<id>.title` / `.text` in the `about` catalogue. */
const VALUES = ['useful', 'honest', 'fun'] as const;

export default function AboutPage() {
  const { t } = useTranslation(['about', 'common']);
  const locale = intlLocale(useLanguage());
  return (
    <>
      <PageHeader eyebrow={t('eyebrow')} title={t('title')}>
        {t('intro', { name: SITE.name, tagline: t('common:site.tagline') })}
      </PageHeader>

      <Section id="team" title={t('team.title')} lead={t('team.lead')}>
        <ul className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          {TEAM.map((m) => (
            <li key={m.id} className={`${cardClass} p-7 text-center`}>
              <span
                aria-hidden="true"
                className={`mx-auto grid h-20 w-20 place-items-center rounded-full bg-gradient-to-br ${m.gradient} font-mono text-2xl font-bold text-white shadow-lg`}
              >
                {m.initials}
              </span>
              <h3 className="mt-5 text-lg font-bold text-slate-900 dark:text-white">{t(`team.${m.id}.role`)}</h3>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{t(`team.${m.id}.bio`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="story-heading" className="bg-slate-50 dark:bg-slate-900/60">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
              {t('values.title')}
            </h2>
            <ul className="mt-6 space-y-5">
              {VALUES.map((v) => (
                <li key={v}>
                  <h3 className="font-bold text-slate-900 dark:text-white">{t(`values.${v}.title`)}</h3>
                  <p className="mt-1 text-slate-600 dark:text-slate-400">{t(`values.${v}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
          <dl className="grid grid-cols-2 gap-4 self-center">
            {COUNTERS.map((c) => (
              <div key={c.label} className={`${cardClass} flex flex-col-reverse p-6 text-center`}>
                <dt className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-400">{t(`common:counters.${c.label}`)}</dt>
                <dd className="text-3xl font-extrabold text-violet-700 dark:text-violet-300">{counterValue(c.count, locale)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section>
        <div className="flex flex-col items-center gap-4 text-center">
          <h2 className="text-2xl font-bold text-slate-900 dark:text-white">{t('cta.title')}</h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/generate" className={primaryButtonClass}>
              {t('cta.generate')}
            </Link>
            <Link to="/contact" className={secondaryButtonClass}>
              {t('common:actions.contactUs')}
            </Link>
          </div>
        </div>
      </Section>
    </>
  );
}
