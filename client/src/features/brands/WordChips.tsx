import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../ui/icons';

/**
 * A list of short words as chips: type a word and press Enter (or a comma) to add it; each chip
 * has a remove button. Empty words, over-long words and duplicates (any case) are refused with a
 * message next to the field, before the server would refuse them.
 */
export default function WordChips({
  label,
  hint,
  words,
  onChange,
  maxWords,
  maxChars,
}: {
  label: string;
  hint: string;
  words: string[];
  onChange(words: string[]): void;
  maxWords: number;
  maxChars: number;
}) {
  const id = useId();
  const { t } = useTranslation('brands');
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState('');
  const full = words.length >= maxWords;

  const add = () => {
    const word = draft.trim();
    if (!word) return;
    if (words.some((w) => w.toLocaleLowerCase() === word.toLocaleLowerCase())) {
      setProblem(t('chips.already', { word }));
      return;
    }
    if (full) {
      setProblem(t('chips.atMost', { max: maxWords }));
      return;
    }
    onChange([...words, word]);
    setDraft('');
    setProblem('');
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !draft && words.length) {
      onChange(words.slice(0, -1));
    }
  };

  return (
    <div>
      <label htmlFor={id} className="field-label flex items-center justify-between gap-2">
        <span>{label}</span>
        <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
          {words.length}/{maxWords}
        </span>
      </label>
      {words.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={label}>
          {words.map((w) => (
            <li
              key={w}
              className="chip inline-flex items-center gap-1 bg-violet-100 text-violet-900 dark:bg-violet-500/15 dark:text-violet-100"
            >
              <span className="max-w-[12rem] truncate">{w}</span>
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-violet-200 dark:hover:bg-violet-500/30"
                onClick={() => onChange(words.filter((x) => x !== w))}
                aria-label={t('chips.remove', { word: w })}
              >
                <CloseIcon className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={id}
          className="field"
          value={draft}
          maxLength={maxChars}
          disabled={full}
          placeholder={full ? t('chips.full', { max: maxWords }) : t('chips.placeholder')}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem('');
          }}
          onKeyDown={onKey}
          aria-describedby={`${id}-hint`}
        />
        <button type="button" className="btn-secondary shrink-0 px-3 text-sm" onClick={add} disabled={full || !draft.trim()}>
          {t('chips.add')}
        </button>
      </div>
      <p
        id={`${id}-hint`}
        className={`mt-1.5 text-xs ${problem ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-400'}`}
        role={problem ? 'alert' : undefined}
      >
        {problem || t('chips.hint', { hint, count: draft.length, max: maxChars })}
      </p>
    </div>
  );
}
