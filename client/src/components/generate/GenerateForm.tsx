import { useId, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES, COUNT_MAX, COUNT_MIN, LANGUAGES, PLANS, PROMPT_MAX, TONES, TOPIC_MAX, getPlatform, type Plan } from '@gl/core/types';
import type { BrandDto, CategoryId, LanguageId, Tone } from '@gl/core/types';
import { useOnline } from '../../lib/app-status';
import { COMPARE_MAX } from '../../lib/compare';
import type { GenerateRequest } from '../../lib/generation';
import { capitalize } from '../../lib/format';
import NeedsConnection from '../NeedsConnection';
import PlatformFields from './PlatformFields';
import { usePlatformChoice } from './use-platform-choice';
import Switch from '../Switch';
import { LockIcon, SparklesIcon } from '../icons';

function unlockPlan(predicate: (p: Plan) => boolean): string {
  return PLANS.find(predicate)?.name ?? 'Pro';
}

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
  const [category, setCategory] = useState<CategoryId>(initialCategory);
  const [tone, setTone] = useState<Tone>('corporate');
  const [topic, setTopic] = useState('');
  const [prompt, setPrompt] = useState('');
  const [count, setCount] = useState(4);
  const [language, setLanguage] = useState<LanguageId>('en');
  const [maxChars, setMaxChars] = useState('');
  const [brandId, setBrandId] = useState('');
  const [comparing, setComparing] = useState(false);
  const [compareTones, setCompareTones] = useState<Tone[]>([]);
  const platformChoice = usePlatformChoice(category);
  const compareLocked = !plan.limits.toneComparison;
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

  const categoryMax = CATEGORIES.find((c) => c.id === category)?.maxChars ?? 200;
  const lockedCategories = CATEGORIES.filter((c) => !plan.limits.categories.includes(c.id));
  const lockedTones = TONES.filter((t) => !plan.limits.tones.includes(t));
  const promptsLocked = !plan.limits.customPrompts;
  const online = useOnline();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!online) return;
    const max = Number(maxChars);
    const request: GenerateRequest = {
      category,
      tone,
      topic: topic.trim() || undefined,
      prompt: promptsLocked ? undefined : prompt.trim() || undefined,
      count: Math.min(COUNT_MAX, Math.max(COUNT_MIN, Math.round(count) || 4)),
      language,
      maxChars: maxChars && Number.isFinite(max) ? Math.min(categoryMax, Math.max(10, Math.round(max))) : undefined,
      brandId: brands.some((b) => b.id === brandId) ? brandId : undefined,
      ...platformChoice.fields(),
    };
    if (comparing && onCompare) onCompare(request, compareTones);
    else onSubmit(request);
  };

  const setCompare = (on: boolean) => {
    setComparing(on);
    setCompareTones(on ? [tone] : []);
    onCompareMode?.(on);
  };
  const toggleCompareTone = (t: Tone) =>
    setCompareTones((list) => (list.includes(t) ? list.filter((x) => x !== t) : list.length >= COMPARE_MAX ? list : [...list, t]));
  const compareReady = compareTones.length >= 2;

  return (
    <form onSubmit={submit} className="grid gap-6" aria-label="Generation settings">
      <fieldset>
        <legend className="field-label">Category</legend>
        <div className="grid grid-cols-2 gap-2">
          {CATEGORIES.map((c) => {
            const locked = !plan.limits.categories.includes(c.id);
            return (
              <label
                key={c.id}
                className={`relative flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${
                  category === c.id
                    ? 'border-violet-500 bg-violet-50 text-violet-900 dark:border-violet-400 dark:bg-violet-500/15 dark:text-violet-100'
                    : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600'
                } ${locked ? 'cursor-not-allowed opacity-70' : ''}`}
              >
                <input
                  type="radio"
                  name="category"
                  value={c.id}
                  checked={category === c.id}
                  disabled={locked}
                  onChange={() => setCategory(c.id)}
                  className="sr-only"
                  aria-describedby={locked ? ids.catHint : undefined}
                />
                <span className="flex items-center justify-between gap-1 font-medium">
                  {c.name}
                  {locked && <LockIcon className="h-3.5 w-3.5 shrink-0 text-slate-500 dark:text-slate-400" />}
                </span>
                {locked && (
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {unlockPlan((p) => p.limits.categories.includes(c.id))} plan
                  </span>
                )}
              </label>
            );
          })}
        </div>
        {lockedCategories.length > 0 && (
          <p id={ids.catHint} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {lockedCategories.map((c) => c.name).join(', ')} {lockedCategories.length === 1 ? 'needs' : 'need'} a paid plan.{' '}
            <Link to="/pricing" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
              Upgrade to unlock
            </Link>
          </p>
        )}
      </fieldset>

      {onCompare && (
        <Switch
          label={<>Compare tones {compareLocked && <LockIcon className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />}</>}
          checked={comparing}
          disabled={compareLocked}
          onChange={setCompare}
          hint={
            compareLocked ? (
              <>
                See one brief in 2 or 3 tones side by side with the {unlockPlan((p) => p.limits.toneComparison)} plan.{' '}
                <Link to="/pricing" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
                  Upgrade
                </Link>
              </>
            ) : comparing ? (
              `Pick 2 or 3 tones (${compareTones.length}/${COMPARE_MAX}); each counts as one generation.`
            ) : (
              'One brief in 2 or 3 tones, side by side.'
            )
          }
        />
      )}

      <fieldset>
        <legend className="field-label">{comparing ? 'Tones to compare' : 'Tone'}</legend>
        <div className="flex flex-wrap gap-2">
          {TONES.map((t) => {
            const locked = !plan.limits.tones.includes(t);
            return (
              <label
                key={t}
                className={`tap inline-flex cursor-pointer items-center gap-1 rounded-full border px-3 py-1 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-violet-500 ${
                  (comparing ? compareTones.includes(t) : tone === t)
                    ? 'border-violet-500 bg-violet-600 text-white dark:border-violet-400 dark:bg-violet-600'
                    : 'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:text-slate-200 dark:hover:border-slate-600'
                } ${locked ? 'cursor-not-allowed opacity-70' : ''}`}
              >
                <input
                  type={comparing ? 'checkbox' : 'radio'}
                  name="tone"
                  value={t}
                  checked={comparing ? compareTones.includes(t) : tone === t}
                  disabled={locked || (comparing && !compareTones.includes(t) && compareTones.length >= COMPARE_MAX)}
                  onChange={() => (comparing ? toggleCompareTone(t) : setTone(t))}
                  className="sr-only"
                  aria-describedby={locked ? ids.toneHint : undefined}
                />
                {capitalize(t)}
                {locked && <LockIcon className="h-3 w-3" />}
              </label>
            );
          })}
        </div>
        {lockedTones.length > 0 && (
          <p id={ids.toneHint} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            {lockedTones.map(capitalize).join(', ')} {lockedTones.length === 1 ? 'tone needs' : 'tones need'} a paid plan.{' '}
            <Link to="/pricing" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
              Upgrade to unlock
            </Link>
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
          value={topic}
          maxLength={TOPIC_MAX}
          onChange={(e) => setTopic(e.target.value)}
          placeholder="A brand, product or subject, e.g. a coffee shop in Nakuru"
        />
      </div>

      {!comparing && photo}

      {brands.length > 0 && (
        <div>
          <label htmlFor={ids.brand} className="field-label">
            Brand kit <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <select id={ids.brand} className="field" value={brandId} onChange={(e) => setBrandId(e.target.value)}>
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

      <PlatformFields choice={platformChoice} category={category} />

      <div>
        <label htmlFor={ids.prompt} className="field-label flex items-center gap-1.5">
          Custom instructions {promptsLocked && <LockIcon className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />}
        </label>
        <textarea
          id={ids.prompt}
          className="field min-h-[4.5rem] resize-y"
          rows={3}
          value={prompt}
          maxLength={PROMPT_MAX}
          disabled={promptsLocked}
          onChange={(e) => setPrompt(e.target.value)}
          placeholder={promptsLocked ? 'Available on the Pro and Business plans' : 'e.g. mention free delivery, avoid puns'}
          aria-describedby={`${ids.prompt}-hint`}
        />
        <p id={`${ids.prompt}-hint`} className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {promptsLocked ? (
            <>
              Custom instructions are part of the {unlockPlan((p) => p.limits.customPrompts)} plan.{' '}
              <Link to="/pricing" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
                Upgrade
              </Link>
            </>
          ) : (
            `${prompt.length}/${PROMPT_MAX} characters`
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
            value={count}
            onChange={(e) => setCount(Number(e.target.value))}
          />
        </div>
        <div className="col-span-2 sm:order-none sm:col-span-1 max-sm:order-last">
          <label htmlFor={ids.language} className="field-label">
            Language
          </label>
          <select id={ids.language} className="field" value={language} onChange={(e) => setLanguage(e.target.value as LanguageId)}>
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
            value={maxChars}
            placeholder={String(
              platformChoice.platform ? Math.min(categoryMax, getPlatform(platformChoice.platform).maxChars) : categoryMax,
            )}
            onChange={(e) => setMaxChars(e.target.value)}
          />
        </div>
      </div>

      <NeedsConnection action={comparing ? 'Comparing tones' : 'Generating lines'} />
      <button
        type="submit"
        className="btn-primary w-full py-3 text-base"
        disabled={busy || disabled || !online || (comparing && !compareReady)}
      >
        <SparklesIcon className="h-5 w-5" />
        {busy
          ? 'Generating...'
          : comparing
            ? `Compare ${compareTones.length} tone${compareTones.length === 1 ? '' : 's'}`
            : (submitLabel ?? 'Generate Lines')}
      </button>
    </form>
  );
}
