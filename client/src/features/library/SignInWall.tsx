import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../ui/icons';

export default function SignInWall() {
  const { t } = useTranslation('saved');
  return (
    <div className="page flex justify-center">
      <div className="card w-full max-w-lg p-8 text-center">
        <span className="mx-auto grid h-14 w-14 place-items-center rounded-2xl bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300">
          <LockIcon className="h-7 w-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{t('wall.title')}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t('wall.body')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/auth" className="btn-primary px-5 py-2.5 text-sm">
            {t('wall.signIn')}
          </Link>
          <Link to="/auth?mode=signup" className="btn-secondary px-5 py-2.5 text-sm">
            {t('wall.signUp')}
          </Link>
        </div>
        <Link
          to="/generate"
          className="mt-5 inline-block text-sm font-medium text-violet-700 underline-offset-2 hover:underline dark:text-violet-300"
        >
          {t('wall.generateFirst')}
        </Link>
      </div>
    </div>
  );
}
