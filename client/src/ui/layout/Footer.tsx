import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SITE, SOCIAL_LINKS, THEMES } from '../../features/site';
import { BUILD_TIME, useHydrated } from '../../platform/hydration';
import Logo from './Logo';
import { SocialIcon } from '../../features/site';
import { NewsletterForm } from '../../features/site';

const LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/generate', label: 'nav.generateLines' },
  { to: '/about', label: 'nav.about' },
  { to: '/contact', label: 'nav.contact' },
] as const;

/** A social link opens in a new tab (not the e-mail one). */
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

const headingClass = 'text-sm font-semibold uppercase tracking-wider text-slate-900 dark:text-white';
const linkClass =
  'rounded text-slate-600 transition hover:text-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:text-slate-400 dark:hover:text-violet-300';

/** The footer on every page. */
export default function Footer() {
  const { t } = useTranslation('common');
  const year = (useHydrated() ? new Date() : BUILD_TIME).getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.6fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-xs text-sm text-slate-600 dark:text-slate-400">{t('footer.blurb', { tagline: t('site.tagline') })}</p>
          <ul className="mt-5 flex gap-2" aria-label={t('footer.social')}>
            {SOCIAL_LINKS.map((s) => (
              <li key={s.id}>
                <a
                  href={s.href}
                  aria-label={t(`social.${s.id}`)}
                  title={t(`social.${s.id}`)}
                  {...(s.id === 'email' ? {} : NEW_TAB)}
                  className="grid h-10 w-10 place-items-center rounded-xl border border-slate-200 bg-white text-slate-600 transition hover:border-violet-300 hover:text-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300 dark:hover:text-violet-300"
                >
                  <SocialIcon id={s.id} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav aria-label={t('nav.footer')}>
          <h2 className={headingClass}>{t('footer.explore')}</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {t(l.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{t('footer.themes')}</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-slate-600 dark:text-slate-400">
            {THEMES.map((theme) => (
              <li key={theme}>{t(`footer.themeList.${theme}`)}</li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className={headingClass}>{t('footer.newsletter')}</h2>
          <p className="mt-4 mb-3 text-sm text-slate-600 dark:text-slate-400">{t('footer.newsletterText')}</p>
          <NewsletterForm variant="footer" />
        </div>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row sm:px-6 dark:text-slate-400">
          <p>{t('footer.rights', { year, name: SITE.name })}</p>
          <ul className="flex gap-5">
            <li>
              <Link to="/privacy" className={linkClass}>
                {t('nav.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                {t('nav.terms')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
