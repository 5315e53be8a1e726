import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { primaryButtonClass, secondaryButtonClass } from '../../ui/PageHeader';

/** Code, not prose: the same in every language. */
const CODE_THROW = 'throw new';
const CODE_ERROR = 'RouteNotFoundError';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <p className="font-mono text-sm font-semibold text-violet-700 dark:text-violet-300">{t('notFound.eyebrow')}</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">{t('notFound.title')}</h1>
      <pre className="mt-6 w-full overflow-x-auto rounded-xl bg-slate-950 p-4 text-left font-mono text-sm text-slate-200">
        <code>
          <span className="text-fuchsia-300">{CODE_THROW}</span> <span className="text-sky-300">{CODE_ERROR}</span>(
          <span className="text-amber-200">"{pathname}"</span>);{'\n'}
          <span className="text-slate-400">{t('notFound.comment')}</span>
        </code>
      </pre>
      <p className="mt-6 text-slate-600 dark:text-slate-300">{t('notFound.body')}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={primaryButtonClass}>
          {t('notFound.home')}
        </Link>
        <Link to="/generate" className={secondaryButtonClass}>
          {t('notFound.generate')}
        </Link>
      </div>
    </section>
  );
}
