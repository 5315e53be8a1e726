import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { LANGUAGES, REFINE_ACTIONS, type LanguageId, type RefineAction } from '@gl/core/types';
import { hasEmoji } from './emoji';
import type { RefineOrigin } from './generation';
import { ChevronDownIcon, WandIcon } from '../../ui/icons';

/** How a refined line is labelled: "Shorter", "In Kiswahili". */
export function refinedLabel(t: TFunction<'generate'>, origin: Pick<RefineOrigin, 'action' | 'language'>): string {
  if (origin.action !== 'translate') return t(`refine.action.${origin.action}`);
  return t('refine.in', { language: LANGUAGES.find((l) => l.id === origin.language)?.name ?? t('refine.anotherLanguage') });
}

/** "Longer" needs room: the server does not offer it on a line at 90% of its limit or more. */
export const LONGER_ROOM = 0.9;

/**
 * The actions offered on a line, as the server offers them: "Longer" only with room to grow,
 * "Add emoji" only where the generation's lines may carry emoji (not with the emoji switch off,
 * not for SMS), "Remove emoji" only on a line that has one.
 */
export function offeredActions(line: string, opts: { emojiAllowed: boolean; length: number; limit: number }): RefineAction[] {
  return REFINE_ACTIONS.filter(
    (a) =>
      (a !== 'longer' || opts.length < Math.floor(opts.limit * LONGER_ROOM)) &&
      (a !== 'add_emoji' || opts.emojiAllowed) &&
      (a !== 'remove_emoji' || hasEmoji(line)),
  );
}

/**
 * "Refine" on a line: a disclosure button whose panel lists the refine actions and the languages
 * to translate to. Rendered inside the line's (wrapping) action row, the panel takes a row of its
 * own below the buttons; on phones every choice is a 44 px target. Escape closes it and returns
 * focus to the button, as does a click outside.
 */
export default function RefineMenu({
  label,
  language,
  actions,
  disabled,
  onRefine,
}: {
  /** "line 2": names the button and the panel. */
  label: string;
  /** The line's language (not offered as a translation). */
  language: LanguageId;
  /** What this line offers (`offeredActions`). */
  actions: readonly RefineAction[];
  disabled?: boolean;
  onRefine(action: RefineAction, language?: LanguageId): void;
}) {
  const { t } = useTranslation('generate');
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDoc = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);
  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const choose = (action: RefineAction, to?: LanguageId) => {
    setOpen(false);
    button.current?.focus();
    onRefine(action, to);
  };
  const item = 'menu-item tap flex w-full items-center px-2.5 text-left';
  const onEscape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn-ghost tap px-2.5 py-1 text-xs"
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('refine.aria', { label })}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onEscape}
      >
        <WandIcon className="h-3.5 w-3.5" />
        {t('refine.button')}
        <ChevronDownIcon className={`h-3.5 w-3.5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        ref={panel}
        id={id}
        hidden={!open}
        role="group"
        aria-label={t('refine.aria', { label })}
        data-testid="refine-menu"
        className="basis-full rounded-xl border border-slate-200 bg-slate-50 p-1.5 dark:border-slate-700 dark:bg-slate-800/60"
        onKeyDown={onEscape}
      >
        <ul className="grid grid-cols-2 gap-0.5 sm:grid-cols-4">
          {actions
            .filter((a) => a !== 'translate')
            .map((action) => (
              <li key={action}>
                <button type="button" className={item} onClick={() => choose(action)}>
                  {t(`refine.action.${action}`)}
                </button>
              </li>
            ))}
        </ul>
        <p className="mt-1.5 border-t border-slate-200 px-2.5 pb-0.5 pt-1.5 text-xs font-semibold text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('refine.translateTo')}
        </p>
        <ul className="grid grid-cols-2 gap-0.5 sm:grid-cols-4">
          {LANGUAGES.filter((l) => l.id !== language).map((l) => (
            <li key={l.id}>
              <button
                type="button"
                className={item}
                lang={l.id}
                onClick={() => choose('translate', l.id)}
                aria-label={t('refine.translateToAria', { language: l.name })}
              >
                {l.name}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
