import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useAuth } from '../../features/accounts';
import { CloseIcon, MenuIcon } from '../icons';
import LanguageSwitch from './LanguageSwitch';
import Logo from './Logo';
import ServicesMenu, { SERVICE_LINKS } from './ServicesMenu';
import ThemeToggle from './ThemeToggle';
import UserMenu from './UserMenu';

const MAIN_LINKS = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/generate', label: 'nav.generate', end: false },
  { to: '/about', label: 'nav.about', end: false },
  { to: '/contact', label: 'nav.contact', end: false },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) => `nav-link ${isActive ? 'nav-link-active' : ''}`;

export default function Header() {
  const { t } = useTranslation('common');
  const { user, isAuthenticated, logout } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  const mobileId = useId();

  const menuButton = useRef<HTMLButtonElement>(null);

  useEffect(() => setMobileOpen(false), [location.pathname]);

  // Hydrated: the page's pre-paint script stops handling the menu button (core's theme-init), and a
  // menu it opened while the JavaScript was still arriving stays open, now React's.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
    if (document.getElementById(mobileId)?.hidden === false) setMobileOpen(true);
  }, [mobileId]);

  /** Closes the phone menu and gives focus back to the button that opened it. */
  const closeMenu = useCallback(() => {
    setMobileOpen(false);
    menuButton.current?.focus();
  }, []);

  // While the phone menu is open: the page under it does not scroll, and Escape closes it.
  useEffect(() => {
    if (!mobileOpen) return;
    const root = document.documentElement;
    root.classList.add('menu-open');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      root.classList.remove('menu-open');
      document.removeEventListener('keydown', onKey);
    };
  }, [mobileOpen, closeMenu]);

  return (
    <>
      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur-md dark:border-slate-800/80 dark:bg-slate-950/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <nav aria-label={t('nav.main')} className="hidden items-center gap-0.5 xl:flex">
            {MAIN_LINKS.map((l) => (
              <NavLink key={l.to} to={l.to} end={l.end} className={navClass}>
                {t(l.label)}
              </NavLink>
            ))}
            <ServicesMenu />
            {isAuthenticated && (
              <NavLink to="/saved" className={navClass}>
                {t('nav.savedLines')}
              </NavLink>
            )}
            {isAuthenticated && (
              <NavLink to="/campaigns" className={navClass}>
                {t('nav.campaigns')}
              </NavLink>
            )}
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitch className="hidden xl:flex" />
            <ThemeToggle />
            <div className="hidden xl:block">
              {isAuthenticated && user ? (
                <UserMenu user={user} />
              ) : (
                <Link to="/auth" className="btn-primary px-4 py-2 text-sm">
                  {t('actions.signIn')}
                </Link>
              )}
            </div>
            <button
              ref={menuButton}
              type="button"
              className="icon-btn tap xl:hidden"
              aria-expanded={mobileOpen}
              aria-controls={mobileId}
              data-menu-toggle
              aria-label={mobileOpen ? t('actions.closeMenu') : t('actions.openMenu')}
              onClick={() => setMobileOpen((o) => !o)}
            >
              {mobileOpen ? <CloseIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
            </button>
          </div>
        </div>
        <div
          id={mobileId}
          hidden={!mobileOpen}
          className="max-h-[calc(100dvh-7rem)] overflow-y-auto overscroll-contain border-t border-slate-200 px-4 pb-4 pt-2 xl:hidden dark:border-slate-800"
        >
          <nav aria-label={t('nav.mobile')}>
            <ul className="grid gap-1">
              {MAIN_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className={({ isActive }) => `mobile-link ${isActive ? 'nav-link-active' : ''}`}>
                    {t(l.label)}
                  </NavLink>
                </li>
              ))}
              {isAuthenticated && (
                <li>
                  <NavLink to="/saved" className={({ isActive }) => `mobile-link ${isActive ? 'nav-link-active' : ''}`}>
                    {t('nav.savedLines')}
                  </NavLink>
                </li>
              )}
              {isAuthenticated && (
                <li>
                  <NavLink to="/campaigns" className={({ isActive }) => `mobile-link ${isActive ? 'nav-link-active' : ''}`}>
                    {t('nav.campaigns')}
                  </NavLink>
                </li>
              )}
            </ul>
            <p className="mt-3 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
              {t('nav.services')}
            </p>
            <ul className="mt-1 grid gap-1">
              {SERVICE_LINKS.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} className={({ isActive }) => `mobile-link ${isActive ? 'nav-link-active' : ''}`}>
                    {t(l.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <LanguageSwitch showLabel className="mt-4 justify-between px-3" />
            <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
              {isAuthenticated && user ? (
                <div className="grid gap-1">
                  <p className="px-3 text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
                  <p className="px-3 pb-2 text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
                  <Link to="/pricing" className="mobile-link">
                    {t('nav.subscription')}
                  </Link>
                  <button
                    type="button"
                    className="mobile-link text-left text-rose-600 dark:text-rose-400"
                    onClick={() => {
                      setMobileOpen(false);
                      logout();
                    }}
                  >
                    {t('actions.signOut')}
                  </button>
                </div>
              ) : (
                <Link to="/auth" className="btn-primary w-full py-2.5 text-sm">
                  {t('actions.signIn')}
                </Link>
              )}
            </div>
          </nav>
        </div>
      </header>
      {mobileOpen && (
        // A tap beside the menu closes it and never reaches the page below.
        <div data-testid="menu-backdrop" aria-hidden="true" className="fixed inset-0 z-30 bg-slate-950/50 xl:hidden" onClick={closeMenu} />
      )}
    </>
  );
}
