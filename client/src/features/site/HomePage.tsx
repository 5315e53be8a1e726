import { CATEGORIES, type CategoryId } from '@gl/core/types';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Section, cardClass, primaryButtonClass, secondaryButtonClass } from '../../ui/PageHeader';
import { IconTile, type MarketingIconName } from './MarketingIcon';
import { NewsletterForm } from './newsletter/NewsletterForm';
import { COUNTERS, counterValue } from './site';
import { intlLocale, useLanguage } from '../../platform/i18n/i18n';

const CATEGORY_ICONS: Record<CategoryId, MarketingIconName> = {
  taglines: 'tag',
  bios: 'user',
  captions: 'camera',
  quotes: 'bulb',
  slogans: 'megaphone',
  adlines: 'music',
};

const ARROW = '→';

/** The reasons, each `why.<id>.title` / `.text` in the `home` catalogue. */
const REASONS: ReadonlyArray<{ id: 'fast' | 'tones' | 'backup' | 'library' | 'languages' | 'developers'; icon: MarketingIconName }> = [
  { id: 'fast', icon: 'zap' },
  { id: 'tones', icon: 'smile' },
  { id: 'backup', icon: 'lifebuoy' },
  { id: 'library', icon: 'bookmark' },
  { id: 'languages', icon: 'globe' },
  { id: 'developers', icon: 'code' },
];

export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const locale = intlLocale(useLanguage());
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(99,102,241,0.18),transparent_60%)] dark:bg-[radial-gradient(ellipse_at_top,rgba(129,140,248,0.16),transparent_60%)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full border border-violet-200 bg-violet-50 px-3 py-1 font-mono text-sm font-medium text-violet-800 dark:border-violet-500/30 dark:bg-violet-500/10 dark:text-violet-200">
              <span aria-hidden="true">{'>'}_</span> {t('common:site.tagline')}
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl dark:text-white">
              {t('hero.titleStart')}{' '}
              <span className="bg-gradient-to-r from-violet-600 via-violet-600 to-fuchsia-600 bg-clip-text text-transparent dark:from-violet-300 dark:via-violet-300 dark:to-fuchsia-300">
                {t('hero.titleEnd')}
              </span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-300">{t('hero.lead')}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/generate" className={`${primaryButtonClass} px-7 py-3 text-lg`}>
                {t('hero.generate')}
              </Link>
              <Link to="/pricing" className={`${secondaryButtonClass} px-7 py-3 text-lg`}>
                {t('hero.plans')}
              </Link>
            </div>
          </div>
          <CodeWindow />
        </div>
      </section>

      <section aria-label={t('numbers')} className="border-y border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
        <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 md:grid-cols-4">
          {COUNTERS.map((c) => (
            <div key={c.label} className="flex flex-col-reverse text-center">
              <dt className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-400">{t(`common:counters.${c.label}`)}</dt>
              <dd className="text-3xl font-extrabold text-violet-700 sm:text-4xl dark:text-violet-300">{counterValue(c.count, locale)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <Section id="categories" title={t('categories.title')} lead={t('categories.lead')}>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {CATEGORIES.map((c) => (
            <li key={c.id}>
              <Link
                to={`/generate?category=${c.id}`}
                className={`${cardClass} group flex h-full flex-col p-6 transition hover:-translate-y-0.5 hover:border-violet-300 hover:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:hover:border-violet-500/50`}
              >
                <IconTile name={CATEGORY_ICONS[c.id]} />
                <span className="mt-4 text-lg font-bold text-slate-900 dark:text-white">{t(`categories.${c.id}.name`)}</span>
                <span className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`categories.${c.id}.description`)}</span>
                <span className="mt-4 text-sm font-semibold text-violet-700 dark:text-violet-300">
                  {t('categories.generate')}{' '}
                  <span aria-hidden="true" className="inline-block transition group-hover:translate-x-1">
                    {ARROW}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="why-us-heading" className="bg-slate-50 dark:bg-slate-900/60">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="mb-10 text-center">
            <h2 id="why-us-heading" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
              {t('why.title')}
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-slate-600 dark:text-slate-300">{t('why.lead')}</p>
          </div>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map((r) => (
              <li key={r.id} className="flex gap-4">
                <IconTile name={r.icon} size="sm" />
                <div>
                  <h3 className="font-bold text-slate-900 dark:text-white">{t(`why.${r.id}.title`)}</h3>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t(`why.${r.id}.text`)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="home-newsletter-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="rounded-3xl bg-gradient-to-br from-violet-700 via-violet-700 to-fuchsia-700 px-6 py-12 text-center shadow-xl sm:px-12">
          <h2 id="home-newsletter-heading" className="text-3xl font-extrabold tracking-tight text-white">
            {t('newsletter.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-violet-100">{t('newsletter.lead')}</p>
          <div className="mx-auto mt-7 max-w-lg text-left">
            <NewsletterForm variant="home" />
          </div>
        </div>
      </section>
    </>
  );
}

/* eslint-disable i18next/no-literal-string -- the illustration is a code sample: code stays code */
/** The coding-humour hero illustration: a tiny editor window. */
function CodeWindow() {
  const { t } = useTranslation('home');
  return (
    <figure
      aria-label={t('code.label')}
      className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-950 shadow-2xl shadow-violet-500/10"
    >
      <div className="flex items-center gap-2 border-b border-slate-800 px-4 py-3">
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-red-400" />
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-amber-400" />
        <span aria-hidden="true" className="h-3 w-3 rounded-full bg-emerald-400" />
        <span className="ml-2 font-mono text-xs text-slate-400">genius-lines.ts</span>
      </div>
      {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <pre tabIndex={0} className="overflow-x-auto p-5 font-mono text-sm leading-relaxed text-slate-200">
        <code>
          <span className="text-fuchsia-300">const</span> lines = <span className="text-fuchsia-300">await</span>{' '}
          <span className="text-sky-300">generate</span>({'{'}
          {'\n'}
          {'  '}category: <span className="text-emerald-300">'taglines'</span>,{'\n'}
          {'  '}tone: <span className="text-emerald-300">'funny'</span>,{'\n'}
          {'  '}topic: <span className="text-emerald-300">'coffee shop for coders'</span>,{'\n'}
          {'}'});{'\n\n'}
          <span className="text-slate-400">{'// => '}</span>
          <span className="text-amber-200">"Espresso yourself. Then git push."</span>
          {'\n'}
          <span className="text-slate-400">{'// => '}</span>
          <span className="text-amber-200">"Brewed for bugs, served with semicolons."</span>
          {'\n'}
          <span className="text-slate-400">{'// => '}</span>
          <span className="text-amber-200">"Where every cup compiles."</span>
          {'\n\n'}
          <span className="text-slate-400">{'// code, create, laugh'}</span>
        </code>
      </pre>
    </figure>
  );
}
/* eslint-enable i18next/no-literal-string */
