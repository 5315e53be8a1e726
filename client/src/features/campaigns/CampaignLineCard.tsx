import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, getPlatform, type CampaignLineDto, type RefineCampaignLineBody } from '@gl/core/types';
import { errorMessage } from '../../platform/api';
import { useCampaignLineAction } from './campaigns';
import { useLineMeasure } from '../lines';
import { useCopy } from '../../platform/clipboard';
import { BookmarkIcon, CheckIcon, CopyIcon, RefreshIcon } from '../../ui/icons';
import { TextAreaField } from '../../ui/forms/Field';

/**
 * One day × platform of a campaign: the line with its count against the platform's limit, and
 * what can be done with it (copy, save to the library, edit by hand, write again).
 */
export default function CampaignLineCard({
  campaignId,
  tone,
  language,
  line,
  onChange,
}: {
  campaignId: string;
  tone: string;
  language: string;
  line: CampaignLineDto;
  onChange: (line: CampaignLineDto) => void;
}) {
  const { t } = useTranslation(['campaigns', 'generate', 'catalog']);
  const id = useId();
  const platform = getPlatform(line.platform);
  const platformName = t(`catalog:platform.${line.platform}`);
  const { copiedKey, copy } = useCopy();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const action = useCampaignLineAction(campaignId, line.id);
  const busy = action.isPending ? action.variables.kind : null;
  const [saved, setSaved] = useState(false);
  const error = action.error ? errorMessage(action.error, t('line.actionFailed')) : '';
  const writing = line.status === 'pending' || line.status === 'running';
  const measure = useLineMeasure(editing ? { platform: line.platform, category: line.category, maxChars: null } : null);
  const fit = editing && measure ? measure(draft) : null;
  // A hand edit must fit the platform (the server checks the same): its limit, counted its way, and for SMS its alphabet.
  const draftCount = fit ? fit.count : draft.length;
  const draftOver = draftCount > platform.maxChars || Boolean(fit?.nonGsm);
  const refineChoices = refineOptions(t, line, language);

  return (
    <article
      className="card flex min-w-0 flex-col gap-2 p-3"
      aria-labelledby={`${id}-platform`}
      data-testid="campaign-line"
      data-status={line.status}
    >
      <header className="flex items-baseline justify-between gap-2">
        <h4 id={`${id}-platform`} className="text-xs font-semibold uppercase tracking-wide text-violet-800 dark:text-violet-300">
          {platformName}
        </h4>
        {line.text !== null && !editing && (
          <span
            className={`text-xs tabular-nums ${(line.characters ?? 0) > line.maxChars ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {line.characters} / {line.maxChars}
            {line.edited ? t('line.edited') : ''}
          </span>
        )}
      </header>

      {editing ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            action.mutate({
              kind: 'edit',
              text: draft,
              then: (edited) => {
                onChange(edited);
                setEditing(false);
              },
            });
          }}
        >
          <TextAreaField
            id={`${id}-draft`}
            labelClassName="sr-only"
            label={t('line.editLabel', { platform: platformName })}
            required={false}
            controlClassName="field min-h-24"
            value={draft}
            onChange={setDraft}
          />
          <p
            aria-live="polite"
            className={`text-xs tabular-nums ${draftOver ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {`${draftCount} / ${platform.maxChars}`}
            {fit?.nonGsm ? t('line.nonGsm', { char: fit.nonGsm.char }) : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary tap px-3 py-1.5 text-sm" disabled={busy !== null || draftOver || !draft.trim()}>
              {t('line.saveEdit')}
            </button>
            <button type="button" className="btn-ghost tap px-3 py-1.5 text-sm" onClick={() => setEditing(false)}>
              {t('line.cancel')}
            </button>
          </div>
        </form>
      ) : writing ? (
        <p className="animate-pulse text-sm text-slate-600 dark:text-slate-400">{t('line.writing')}</p>
      ) : line.text === null ? (
        <p className="text-sm text-rose-700 dark:text-rose-300">{t('line.failed')}</p>
      ) : (
        <p className="whitespace-pre-wrap break-words text-sm text-slate-900 dark:text-slate-100" data-testid="campaign-line-text">
          {line.text}
        </p>
      )}

      {!editing && (
        <div className="mt-auto flex flex-wrap gap-1">
          {line.text !== null && (
            <>
              <button
                type="button"
                className="btn-ghost tap px-2 py-1 text-xs"
                aria-label={t(copiedKey === line.id ? 'line.copiedAria' : 'line.copyAria', { platform: platformName })}
                onClick={() => void copy(line.id, line.text!)}
              >
                {copiedKey === line.id ? <CheckIcon className="h-4 w-4" /> : <CopyIcon className="h-4 w-4" />}
                {copiedKey === line.id ? t('line.copied') : t('line.copy')}
              </button>
              <button
                type="button"
                className="btn-ghost tap px-2 py-1 text-xs"
                aria-label={t(saved ? 'line.savedAria' : 'line.saveAria', { platform: platformName })}
                disabled={busy !== null || saved}
                onClick={() => action.mutate({ kind: 'save', line, tone, then: () => setSaved(true) })}
              >
                <BookmarkIcon className="h-4 w-4" />
                {saved ? t('line.saved') : t('line.save')}
              </button>
              <button
                type="button"
                className="btn-ghost tap px-2 py-1 text-xs"
                aria-label={t('line.editAria', { platform: platformName })}
                disabled={busy !== null || writing}
                onClick={() => {
                  setDraft(line.text ?? '');
                  setEditing(true);
                }}
              >
                {t('line.edit')}
              </button>
            </>
          )}
          {line.text !== null && !line.edited && (
            <select
              className="field tap w-auto min-w-0 py-1 text-xs sm:min-h-0"
              aria-label={t('line.refineAria', { platform: platformName })}
              value=""
              disabled={busy !== null || writing}
              onChange={(e) => {
                const choice = refineChoices.find((c) => c.value === e.target.value);
                if (!choice) return;
                setSaved(false);
                action.mutate({ kind: 'refine', body: choice.body, then: onChange });
              }}
            >
              <option value="">{t('line.refine')}</option>
              {refineChoices.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
          <button
            type="button"
            className="btn-ghost tap px-2 py-1 text-xs"
            aria-label={t('line.regenerateAria', { platform: platformName })}
            disabled={busy !== null || writing}
            onClick={() => {
              setSaved(false);
              action.mutate({ kind: 'again', then: onChange });
            }}
          >
            <RefreshIcon className="h-4 w-4" />
            {t('line.regenerate')}
          </button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
    </article>
  );
}

/** What a line can be refined into: the lines refine actions its platform allows, and translations. */
function refineOptions(
  t: TFunction<['campaigns', 'generate', 'catalog']>,
  line: CampaignLineDto,
  language: string,
): Array<{ value: string; label: string; body: RefineCampaignLineBody }> {
  const actions = ['shorter', 'longer', 'punchier', 'funnier', 'more_formal'] as const;
  const options: Array<{ value: string; label: string; body: RefineCampaignLineBody }> = actions.map((action) => ({
    value: action,
    label: t(`generate:refine.action.${action}`),
    body: { action },
  }));
  if (getPlatform(line.platform).emoji === 'some') {
    options.push({ value: 'add_emoji', label: t('generate:refine.action.add_emoji'), body: { action: 'add_emoji' } });
  }
  for (const l of LANGUAGES) {
    if (l.id !== language && (l.id === 'en' || l.id === 'sw')) {
      options.push({
        value: `translate_${l.id}`,
        label: t('line.translate', { language: l.name }),
        body: { action: 'translate', language: l.id },
      });
    }
  }
  return options;
}
