import { Link } from 'react-router-dom';
import { SITE } from '../../features/site';

/** The brand's mark: its initials, the same in every language. */
const MARK = 'GL';

export default function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-lg font-semibold tracking-tight text-slate-900 dark:text-white"
    >
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-violet-500 to-fuchsia-500 text-sm font-bold text-white shadow-sm shadow-violet-500/30"
      >
        {MARK}
      </span>
      <span className="text-lg">{SITE.name}</span>
    </Link>
  );
}
