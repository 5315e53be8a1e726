import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { PublicUser } from '@gl/core/types';
import { useAuth } from '../../features/accounts/auth';
import { ChevronDownIcon } from '../icons';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

/** Signed-in menu: name and email, Saved Lines, Brand Kits, Team, Subscription (/pricing), Sign Out. */
export default function UserMenu({ user }: { user: PublicUser }) {
  const { t } = useTranslation('common');
  const { logout } = useAuth();
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  const signOut = () => {
    setOpen(false);
    logout();
    navigate('/');
  };

  return (
    <div
      ref={wrapper}
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {/* Initials drawn by CSS, so the accessible name is exactly the visible name plus "account menu". */}
        <span
          aria-hidden="true"
          data-initials={initials(user.name)}
          className="grid h-7 w-7 place-items-center rounded-full bg-gradient-to-br from-violet-500 to-fuchsia-500 text-xs font-bold text-white before:content-[attr(data-initials)]"
        />
        <span className="sr-only max-w-[8rem] truncate 2xl:not-sr-only">{user.name}</span>
        <span className="sr-only">{t('userMenu.accountMenu')}</span>
        <ChevronDownIcon className="h-4 w-4" />
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10 dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/40"
      >
        <div className="border-b border-slate-200 px-3 pb-3 pt-2 dark:border-slate-700">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
          <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
        </div>
        <ul className="pt-2">
          <li>
            <Link to="/saved" className="menu-item">
              {t('nav.savedLines')}
            </Link>
          </li>
          <li>
            <Link to="/brands" className="menu-item">
              {t('nav.brandKits')}
            </Link>
          </li>
          <li>
            <Link to="/team" className="menu-item">
              {t('nav.team')}
            </Link>
          </li>
          <li>
            <Link to="/approvals" className="menu-item">
              {t('nav.approvals')}
            </Link>
          </li>
          <li>
            <Link to="/pricing" className="menu-item">
              {t('nav.subscription')}
            </Link>
          </li>
          <li>
            <Link to="/account" className="menu-item">
              {t('nav.accountSettings')}
            </Link>
          </li>
          <li>
            <Link to="/billing" className="menu-item">
              {t('nav.billing')}
            </Link>
          </li>
          <li>
            <button type="button" onClick={signOut} className="menu-item w-full text-left text-rose-600 dark:text-rose-400">
              {t('actions.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
