import { useId, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  CATEGORIES,
  COUNT_MAX,
  COUNT_MIN,
  LANGUAGES,
  MAX_CHARS_MIN,
  PROMPT_MAX,
  TONES,
  TOPIC_MAX,
  getPlatform,
  type Plan,
} from '@gl/core/types';
import type { BrandDto, CategoryId, LanguageId, Tone } from '@gl/core/types';
import { COMPARE_MAX } from './compare';
import type { GenerateRequest } from './generation';
import NeedsConnection from '../../ui/NeedsConnection';
import { Field, SelectField, TextAreaField } from '../../ui/forms/Field';
import PlatformFields from './PlatformFields';
import CompareSwitch from './CompareSwitch';
import LockedChoice from './LockedChoice';
import UpgradeHint, { unlockPlan } from './UpgradeHint';
import { useGenerateForm } from './use-generate-form';
import { LockIcon, SparklesIcon } from '../../ui/icons';

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
  topicRef?: Ref<HTMLTextAreaElement>;
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
  const { t } = useTranslation(['generate', 'catalog']);
  const toneName = (tone: Tone) => t(`catalog:tone.${tone}`);
  const planName = (predicate: (p: Plan) => boolean) => t(`catalog:plan.${unlockPlan(predicate)}`);
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
    <form onSubmit={form.submit} className="grid gap-6" aria-label={t('form.label')}>
      <fieldset>
        <legend className="field-label">{t('form.category')}</legend>
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
              note={t('form.planNote', { plan: planName((p) => p.limits.categories.includes(c.id)) })}
            >
              {t(`catalog:category.${c.id}.name`)}
            </LockedChoice>
          ))}
        </div>
        {form.lockedCategories.length > 0 && (
          <p id={ids.catHint} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            <UpgradeHint link={t('form.upgradeToUnlock')}>
              {t('form.lockedCategories', {
                count: form.lockedCategories.length,
                names: form.lockedCategories.map((c) => t(`catalog:category.${c.id}.name`)).join(', '),
              })}
            </UpgradeHint>
          </p>
        )}
      </fieldset>

      {onCompare && <CompareSwitch compare={compare} />}

      <fieldset>
        <legend className="field-label">{compare.on ? t('form.tonesToCompare') : t('form.tone')}</legend>
        <div className="flex flex-wrap gap-2">
          {TONES.map((tone) => (
            <LockedChoice
              key={tone}
              look="pill"
              type={compare.on ? 'checkbox' : 'radio'}
              name="tone"
              value={tone}
              checked={compare.on ? compare.tones.includes(tone) : form.tone === tone}
              locked={!plan.limits.tones.includes(tone)}
              disabled={compare.on && !compare.tones.includes(tone) && compare.tones.length >= COMPARE_MAX}
              onChange={() => (compare.on ? compare.toggle(tone) : form.setTone(tone))}
              hintId={ids.toneHint}
            >
              {toneName(tone)}
            </LockedChoice>
          ))}
        </div>
        {form.lockedTones.length > 0 && (
          <p id={ids.toneHint} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
            <UpgradeHint link={t('form.upgradeToUnlock')}>
              {t('form.lockedTones', { count: form.lockedTones.length, names: form.lockedTones.map(toneName).join(', ') })}
            </UpgradeHint>
          </p>
        )}
      </fieldset>

      <TextAreaField
        ref={topicRef}
        id={ids.topic}
        label={
          <>
            {t('form.topic')} <span className="font-normal text-slate-500 dark:text-slate-400">{t('form.optional')}</span>
          </>
        }
        required={false}
        autoGrow
        enterSubmits
        rows={1}
        autoComplete="off"
        value={form.topic}
        maxLength={TOPIC_MAX}
        onChange={form.setTopic}
        placeholder={t('form.topicPlaceholder')}
      />

      {!compare.on && photo}

      {brands.length > 0 && (
        <SelectField
          id={ids.brand}
          label={
            <>
              {t('form.brandKit')} <span className="font-normal text-slate-500 dark:text-slate-400">{t('form.optional')}</span>
            </>
          }
          required={false}
          value={form.brandId}
          onChange={form.setBrandId}
          hint={
            <>
              {t('form.brandHint')}{' '}
              <Link to="/brands" className="font-medium text-violet-700 underline underline-offset-2 dark:text-violet-300">
                {t('form.manageBrands')}
              </Link>
            </>
          }
        >
          <option value="">{t('form.noBrandKit')}</option>
          {brands.map((b) => (
            <option key={b.id} value={b.id}>
              {b.teamId ? t('form.teamKit', { name: b.name }) : b.name}
            </option>
          ))}
        </SelectField>
      )}

      <PlatformFields choice={platformChoice} category={form.category} />

      <TextAreaField
        id={ids.prompt}
        labelClassName="field-label flex items-center gap-1.5"
        label={
          <>
            {t('form.prompt')} {form.promptsLocked && <LockIcon className="h-3.5 w-3.5 text-slate-500 dark:text-slate-400" />}
          </>
        }
        required={false}
        controlClassName="field min-h-[4.5rem] resize-y"
        rows={3}
        value={form.prompt}
        maxLength={PROMPT_MAX}
        disabled={form.promptsLocked}
        onChange={form.setPrompt}
        placeholder={form.promptsLocked ? t('form.promptLockedPlaceholder') : t('form.promptPlaceholder')}
        hint={
          form.promptsLocked ? (
            <UpgradeHint link={t('form.upgrade')}>{t('form.promptLocked', { plan: planName((p) => p.limits.customPrompts) })}</UpgradeHint>
          ) : (
            t('form.promptCount', { count: form.prompt.length, max: PROMPT_MAX })
          )
        }
      />

      {/* Phones: Lines and Max chars side by side, Language on its own row so its whole name shows. */}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field
          id={ids.count}
          label={t('form.lines')}
          required={false}
          type="number"
          inputMode="numeric"
          min={COUNT_MIN}
          max={COUNT_MAX}
          value={String(form.count)}
          onChange={(value) => form.setCount(Number(value))}
        />
        <SelectField
          id={ids.language}
          className="col-span-2 sm:order-none sm:col-span-1 max-sm:order-last"
          label={t('form.language')}
          required={false}
          value={form.language}
          onChange={(value) => form.setLanguage(value as LanguageId)}
        >
          {LANGUAGES.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <Field
          id={ids.maxChars}
          label={t('form.maxChars')}
          required={false}
          type="number"
          inputMode="numeric"
          min={MAX_CHARS_MIN}
          max={categoryMax}
          value={form.maxChars}
          placeholder={String(platformChoice.platform ? Math.min(categoryMax, getPlatform(platformChoice.platform).maxChars) : categoryMax)}
          onChange={form.setMaxChars}
        />
      </div>

      <NeedsConnection action={compare.on ? t('form.actionComparing') : t('form.actionGenerating')} />
      <button
        type="submit"
        className="btn-primary w-full py-3 text-base"
        disabled={busy || disabled || !form.online || (compare.on && !compare.ready)}
      >
        <SparklesIcon className="h-5 w-5" />
        {busy ? t('form.generating') : compare.on ? t('form.compare', { count: compare.tones.length }) : (submitLabel ?? t('form.submit'))}
      </button>
    </form>
  );
}
