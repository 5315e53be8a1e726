import { Link } from 'react-router-dom';
import { UI_LANGUAGES, UI_LANGUAGE_NAMES, type UiLanguage } from '@gl/core/types';
import { approvePath } from './approve-path';
import { SITE } from '../site/site';

/** The client's page's only chrome: the product's mark (not a link into the app) and the language switch. */
export default function ApproveHeader({ token, lang, languageLabel }: { token: string; lang: UiLanguage; languageLabel: string }) {
  return (
    <header className="border-b border-slate-200 bg-white/90 dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex max-w-2xl items-center justify-between gap-3 px-4 py-2">
        <span className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-white">
          {/* The product's name beside its mark from 360 px: on a 320 px phone the two languages need the room. */}
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500 text-sm font-bold text-white"
          >
            GL
          </span>
          <span className="hidden whitespace-nowrap text-base min-[360px]:inline">{SITE.name}</span>
        </span>
        <nav aria-label={languageLabel} className="flex gap-1">
          {UI_LANGUAGES.map((code) => (
            <Link
              key={code}
              to={approvePath(token, code)}
              replace
              lang={code}
              aria-current={code === lang ? 'true' : undefined}
              className={`tap inline-grid place-items-center rounded-lg px-3 py-1.5 text-sm font-medium ${
                code === lang
                  ? 'bg-violet-100 text-violet-800 dark:bg-violet-500/20 dark:text-violet-200'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              }`}
            >
              {UI_LANGUAGE_NAMES[code]}
            </Link>
          ))}
        </nav>
      </div>
    </header>
  );
}
