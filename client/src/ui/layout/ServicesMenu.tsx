import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { ChevronDownIcon } from '../icons';

/** The Services links; `label` and `hint` are keys of the `common` catalogue. */
export const SERVICE_LINKS = [
  { to: '/courses', label: 'nav.courses', hint: 'nav.coursesHint' },
  { to: '/community', label: 'nav.community', hint: 'nav.communityHint' },
  { to: '/pricing', label: 'nav.pricing', hint: 'nav.pricingHint' },
  { to: '/api-docs', label: 'nav.api', hint: 'nav.apiHint' },
] as const;

/** The Services dropdown: opens on hover, on click, and by keyboard (Enter, Space, ArrowDown; Escape closes). */
export default function ServicesMenu() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const active = SERVICE_LINKS.some((l) => location.pathname.startsWith(l.to));

  useEffect(() => setOpen(false), [location.pathname]);

  const focusItem = (index: number) => {
    const items = wrapper.current?.querySelectorAll<HTMLAnchorElement>('[data-menu-item]');
    if (!items || items.length === 0) return;
    items[(index + items.length) % items.length]?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusItem(0));
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const items = Array.from(wrapper.current?.querySelectorAll<HTMLAnchorElement>('[data-menu-item]') ?? []);
    const current = items.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusItem(current + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      focusItem(current - 1);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  return (
    <div
      ref={wrapper}
      className="relative"
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(e) => {
        if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={`nav-link inline-flex items-center gap-1 ${active ? 'nav-link-active' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {t('nav.services')}
        <ChevronDownIcon className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={id} hidden={!open} className="absolute left-1/2 top-full z-50 w-64 -translate-x-1/2 pt-2" onKeyDown={onMenuKey}>
        <ul className="rounded-xl border border-slate-200 bg-white p-2 shadow-xl shadow-slate-900/10 dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/40">
          {SERVICE_LINKS.map((l) => (
            <li key={l.to}>
              <Link
                to={l.to}
                data-menu-item
                className="block rounded-lg px-3 py-2 hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <span className="block text-sm font-medium text-slate-900 dark:text-white">{t(l.label)}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">{t(l.hint)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
