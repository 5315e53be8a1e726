import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopy } from '../../platform/clipboard';
import { CheckIcon, CopyIcon } from '../../ui/icons';

/** A code snippet with a title bar and a Copy button (Copied! for 2 s). */
export function CodeBlock({ code, title, language }: { code: string; title: string; language?: string }) {
  const { t } = useTranslation('apiDocs');
  const { copiedKey, copy } = useCopy();
  const id = useId();
  const copied = copiedKey === id;
  return (
    <figure className="overflow-hidden rounded-xl border border-slate-800 bg-slate-950 shadow-sm">
      <figcaption className="flex items-center justify-between gap-3 border-b border-slate-800 bg-slate-900 px-4 py-2">
        <span className="truncate font-mono text-xs text-slate-300">
          {title}
          {language && <span className="ml-2 rounded bg-slate-800 px-1.5 py-0.5 text-[11px] text-slate-300">{language}</span>}
        </span>
        <button
          type="button"
          onClick={() => void copy(id, code)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-slate-200 transition hover:bg-slate-800 hover:text-white"
        >
          {copied ? <CheckIcon className="h-3.5 w-3.5 text-emerald-400" /> : <CopyIcon className="h-3.5 w-3.5" />}
          <span aria-live="polite">{copied ? t('code.copied') : t('code.copy')}</span>
          <span className="sr-only">: {title}</span>
        </button>
      </figcaption>
      <pre tabIndex={0} className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
