import { useId, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, COUNT_MAX, COUNT_MIN, LANGUAGES, PROMPT_MAX, TONES, TOPIC_MAX, getPlatform, type Plan } from '@gl/core/types';
import type { BrandDto, CategoryId, LanguageId, Tone } from '@gl/core/types';
import { COMPARE_MAX } from '../../lib/compare';
import type { GenerateRequest } from '../../lib/generation';
import { capitalize } from '../../lib/format';
import NeedsConnection from '../NeedsConnection';
import PlatformFields from './PlatformFields';
import CompareSwitch from './CompareSwitch';
import LockedChoice from './LockedChoice';
import UpgradeHint, { unlockPlan } from './UpgradeHint';
import { useGenerateForm } from './use-generate-form';
import { LockIcon, SparklesIcon } from '../icons';

export interface GenerateFormProps {
  plan: Plan;
  initialCategory: CategoryId;
  busy: boolean;
  disabled?: boolean;
  onSubmit(request: GenerateRequest): void;
  /** The signed-in user's brand kits (the picker shows when there are any). */
  brands?: BrandDto[];
  /** Tone comparison: the same request in 2-3 tones. */
  onCompare?(request: GenerateRequest, tones: Tone[]): void;
  onCompareMode?(on: boolean): void;
  /** "From a photo", shown below the topic unless comparing tones. */
  photo?: ReactNode;
  /** The topic field (the photo block moves the focus there to write from a description instead). */
  topicRef?: Ref<HTMLInputElement>;
  /** The submit button's text when not busy (e.g. with a photo picked). */
  submitLabel?: string;
}

export default function GenerateForm({
  plan,
  initialCategory,
  busy,
  disabled,
  onSubmit,
  brands = [],
  onCompare,
  onCompareMode,
  photo,
  topicRef,
  submitLabel,
}: GenerateFormProps) {
  const form = useGenerateForm({ plan, initialCategory, brands, onSubmit, onCompare, onCompareMode });
  const { compare, platformChoice, categoryMax } = form;
  const ids = {
    brand: useId(),
    topic: useId(),
    prompt: useId(),
    count: useId(),
    language: useId(),
    maxChars: useId(),
    catHint: useId(),
    toneHint: useId(),
  };

  return (
    <form onSubmit={form.submit} className="grid gap-6" aria-label="Generation settings">
      <fieldset>
        <legend className="field-label">Category</legend>
        <div className="grid grid-cols-2 gap-2">
          {CATEGORIES.map((c) => (
            <LockedChoice
              key={c.id}
              look="card"
              name="category"
              value={c.id}
              checked={form.category === c.id}
              locked={!plan.limits.categories.includes(c.id)}
              onChange={() => form.setCategory(c.id)}
              hintId={ids.catHint}
              note={`${unlockPlan((p) => p.limits.categories.includes(c.id))} plan`}
            >
              {c.name}
            </LockedChoice>
          ))}
        </div>
        {form.lockedCategories.length > 0 && (
          <p id={ids.catHint} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            <UpgradeHint link="Upgrade to unlock">
              {form.lockedCategories.map((c) => c.name).join(', ')} {form.lockedCategories.length === 1 ? 'needs' : 'need'} a paid plan.
            </UpgradeHint>
          </p>
        )}
      </fieldset>

      {onCompare && <CompareSwitch compare={compare} />}

      <fieldset>
        <legend className="field-label">{compare.on ? 'Tones to compare' : 'Tone'}</legend>
        <div className="flex flex-wrap gap-2">
          {TONES.map((t) => (
            <LockedChoice
              key={t}
              look="pill"
              type={compare.on ? 'checkbox' : 'radio'}
              name="tone"
              value={t}
              checked={compare.on ? compare.tones.includes(t) : form.tone === t}
              locked={!plan.limits.tones.includes(t)}
              disabled={compare.on && !compare.tones.includes(t) && compare.tones.length >= COMPARE_MAX}
              onChange={() => (compare.on ? compare.toggle(t) : form.setTone(t))}
              hintId={ids.toneHint}
            >
              {capitalize(t)}
            </LockedChoice>
          ))}
        </div>
        {form.lockedTones.length > 0 && (
          <p id={ids.toneHint} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            <UpgradeHint link="Upgrade to unlock">
              {form.lockedTones.map(capitalize).join(', ')} {form.lockedTones.length === 1 ? 'tone needs' : 'tones need'} a paid plan.
            </UpgradeHint>
          </p>
        )}
      </fieldset>

      <div>
        <label htmlFor={ids.topic} className="field-label">
          Topic <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <input
          ref={topicRef}
          id={ids.topic}
          autoComplete="off"
          className="field"
          value={form.topic}
          maxLength={TOPIC_MAX}
          onChange={(e) => form.setTopic(e.target.value)}
          placeholder="A brand, product or subject, e.g. a coffee shop in Nakuru"
        />
      </div>

      {!compare.on && photo}

      {brands.length > 0 && (
        <div>
          <label htmlFor={ids.brand} className="field-label">
            Brand kit <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <select id={ids.brand} className="field" value={form.brandId} onChange={(e) => form.setBrandId(e.target.value)}>
            <option value="">No brand kit</option>
            {brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.teamId ? `${b.name} · Team` : b.name}
              </option>
            ))}
          </select>
          <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
            Lines in the kit's voice, never using its words to avoid.{' '}
            <Link to="/brands" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
              Manage brand kits
            </Link>
          </p>
        </div>
      )}

      <PlatformFields choice={platformChoice} category={form.category} />

      <div>
        <label htmlFor={ids.prompt} className="field-label flex items-center gap-1.5">
          Custom instructions {form.promptsLocked && <LockIcon className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />}
        </label>
        <textarea
          id={ids.prompt}
          className="field min-h-[4.5rem] resize-y"
          rows={3}
          value={form.prompt}
          maxLength={PROMPT_MAX}
          disabled={form.promptsLocked}
          onChange={(e) => form.setPrompt(e.target.value)}
          placeholder={form.promptsLocked ? 'Available on the Pro and Business plans' : 'e.g. mention free delivery, avoid puns'}
          aria-describedby={`${ids.prompt}-hint`}
        />
        <p id={`${ids.prompt}-hint`} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {form.promptsLocked ? (
            <UpgradeHint link="Upgrade">Custom instructions are part of the {unlockPlan((p) => p.limits.customPrompts)} plan.</UpgradeHint>
          ) : (
            `${form.prompt.length}/${PROMPT_MAX} characters`
          )}
        </p>
      </div>

      {/* Phones: Lines and Max chars side by side, Language on its own row so its whole name shows. */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={ids.count} className="field-label">
            Lines
          </label>
          <input
            id={ids.count}
            type="number"
            inputMode="numeric"
            className="field"
            min={COUNT_MIN}
            max={COUNT_MAX}
            value={form.count}
            onChange={(e) => form.setCount(Number(e.target.value))}
          />
        </div>
        <div className="col-span-2 sm:order-none sm:col-span-1 max-sm:order-last">
          <label htmlFor={ids.language} className="field-label">
            Language
          </label>
          <select
            id={ids.language}
            className="field"
            value={form.language}
            onChange={(e) => form.setLanguage(e.target.value as LanguageId)}
          >
            {LANGUAGES.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.maxChars} className="field-label">
            Max chars
          </label>
          <input
            id={ids.maxChars}
            type="number"
            inputMode="numeric"
            className="field"
            min={10}
            max={categoryMax}
            value={form.maxChars}
            placeholder={String(
              platformChoice.platform ? Math.min(categoryMax, getPlatform(platformChoice.platform).maxChars) : categoryMax,
            )}
            onChange={(e) => form.setMaxChars(e.target.value)}
          />
        </div>
      </div>

      <NeedsConnection action={compare.on ? 'Comparing tones' : 'Generating lines'} />
      <button
        type="submit"
        className="btn-primary w-full py-3 text-base"
        disabled={busy || disabled || !form.online || (compare.on && !compare.ready)}
      >
        <SparklesIcon className="h-5 w-5" />
        {busy
          ? 'Generating...'
          : compare.on
            ? `Compare ${compare.tones.length} tone${compare.tones.length === 1 ? '' : 's'}`
            : (submitLabel ?? 'Generate Lines')}
      </button>
    </form>
  );
}
