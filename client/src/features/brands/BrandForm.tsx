import { useId, useState, type FormEvent } from 'react';
import {
  BRAND_AUDIENCE_MAX,
  BRAND_DESCRIPTION_MAX,
  BRAND_EXAMPLE_MAX,
  BRAND_EXAMPLES_MAX,
  BRAND_NAME_MAX,
  BRAND_WORD_MAX,
  BRAND_WORDS_MAX,
  avoidedNameWord,
  type BrandBody,
  type BrandDto,
} from '@gl/core/types';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../platform/app-status';
import { Checkbox } from '../../ui/forms/Checkbox';
import { Field, TextAreaField } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import NeedsConnection from '../../ui/NeedsConnection';
import Switch from '../../ui/Switch';
import WordChips from './WordChips';

export const EMPTY_BRAND: BrandBody = {
  name: '',
  description: '',
  audience: '',
  wordsToUse: [],
  wordsToAvoid: [],
  exampleLines: [],
  noExclamation: false,
};

const COUNTED_LABEL = 'field-label flex justify-between';

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={`text-xs font-normal ${value.length > max ? 'text-rose-700' : 'text-slate-500 dark:text-slate-400'}`}>
      {value.length}/{max}
    </span>
  );
}

/**
 * Create or edit a brand kit: text fields with live character counts, chips for the word lists.
 * `shareTeam` (a new kit, by a team's owner or admin) offers "Share with my team"; onSave then gets its id.
 */
export default function BrandForm({
  initial,
  saving,
  error,
  shareTeam,
  onSave,
  onCancel,
}: {
  initial?: BrandDto;
  saving: boolean;
  error: string;
  shareTeam?: { id: string; name: string };
  onSave(body: BrandBody, teamId?: string): void;
  onCancel(): void;
}) {
  const [brand, setBrand] = useState<BrandBody>(() => {
    if (!initial) return EMPTY_BRAND;
    const { name, description, audience, wordsToUse, wordsToAvoid, exampleLines, noExclamation } = initial;
    return { name, description, audience, wordsToUse, wordsToAvoid, exampleLines, noExclamation: Boolean(noExclamation) };
  });
  const { t } = useTranslation('brands');
  const [shared, setShared] = useState(false);
  const ids = { name: useId(), description: useId(), audience: useId(), examples: useId() };
  const set = <K extends keyof BrandBody>(key: K, value: BrandBody[K]) => setBrand((b) => ({ ...b, [key]: value }));
  const nameClash = brand.name.trim() ? avoidedNameWord(brand.name, brand.wordsToAvoid) : undefined;
  const examples = brand.exampleLines.join('\n');
  const exampleLines = examples.split('\n');
  const longExample = exampleLines.some((l) => l.trim().length > BRAND_EXAMPLE_MAX);

  const online = useOnline();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!online) return;
    onSave(
      { ...brand, name: brand.name.trim(), exampleLines: brand.exampleLines.map((l) => l.trim()).filter(Boolean) },
      shareTeam && shared ? shareTeam.id : undefined,
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-5" aria-label={initial ? t('form.editLabel', { name: initial.name }) : t('form.newLabel')}>
      <Field
        id={ids.name}
        labelClassName={COUNTED_LABEL}
        label={
          <>
            {t('form.name')} <Counter value={brand.name} max={BRAND_NAME_MAX} />
          </>
        }
        maxLength={BRAND_NAME_MAX}
        value={brand.name}
        onChange={(v) => set('name', v)}
      />
      <TextAreaField
        id={ids.description}
        labelClassName={COUNTED_LABEL}
        label={
          <>
            {t('form.description')} <Counter value={brand.description} max={BRAND_DESCRIPTION_MAX} />
          </>
        }
        required={false}
        controlClassName="field min-h-[4.5rem] resize-y"
        rows={3}
        maxLength={BRAND_DESCRIPTION_MAX}
        value={brand.description}
        placeholder={t('form.descriptionPlaceholder')}
        onChange={(v) => set('description', v)}
      />
      <Field
        id={ids.audience}
        labelClassName={COUNTED_LABEL}
        label={
          <>
            {t('form.audience')} <Counter value={brand.audience} max={BRAND_AUDIENCE_MAX} />
          </>
        }
        required={false}
        maxLength={BRAND_AUDIENCE_MAX}
        value={brand.audience}
        placeholder={t('form.audiencePlaceholder')}
        onChange={(v) => set('audience', v)}
      />
      <WordChips
        label={t('form.wordsToUse')}
        hint={t('form.wordsToUseHint')}
        words={brand.wordsToUse}
        onChange={(w) => set('wordsToUse', w)}
        maxWords={BRAND_WORDS_MAX}
        maxChars={BRAND_WORD_MAX}
      />
      <WordChips
        label={t('form.wordsToAvoid')}
        hint={t('form.wordsToAvoidHint')}
        words={brand.wordsToAvoid}
        onChange={(w) => set('wordsToAvoid', w)}
        maxWords={BRAND_WORDS_MAX}
        maxChars={BRAND_WORD_MAX}
      />
      {nameClash && (
        <p role="alert" className="-mt-3 text-xs text-rose-700 dark:text-rose-300">
          {t('form.nameClash', { word: nameClash })}
        </p>
      )}
      <TextAreaField
        id={ids.examples}
        labelClassName="field-label flex justify-between"
        label={
          <>
            {t('form.examples')}
            <span className="text-xs font-normal text-slate-500 dark:text-slate-400">
              {t('form.examplesCount', { count: brand.exampleLines.filter((l) => l.trim()).length, max: BRAND_EXAMPLES_MAX })}
            </span>
          </>
        }
        required={false}
        controlClassName="field min-h-[6rem] resize-y"
        rows={4}
        value={examples}
        placeholder={t('form.examplesPlaceholder')}
        onChange={(v) => set('exampleLines', v.split('\n').slice(0, BRAND_EXAMPLES_MAX))}
        hint={
          <span className={longExample ? 'text-rose-700 dark:text-rose-300' : undefined}>
            {t('form.examplesHint', {
              max: BRAND_EXAMPLES_MAX,
              chars: BRAND_EXAMPLE_MAX,
              longest: Math.max(0, ...exampleLines.map((l) => l.trim().length)),
            })}
          </span>
        }
      />
      <Switch
        label={t('form.noExclamation')}
        checked={brand.noExclamation}
        onChange={(on) => set('noExclamation', on)}
        hint={t('form.noExclamationHint')}
      />
      {shareTeam && !initial && (
        <Checkbox
          className="text-slate-900 dark:text-white"
          label={t('form.share')}
          hint={t('form.shareHint', { team: shareTeam.name })}
          checked={shared}
          onChange={setShared}
        />
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <NeedsConnection action={t('form.actionSaving')} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn-primary px-5 py-2.5 text-sm"
          disabled={saving || !online || Boolean(nameClash) || longExample || !brand.name.trim()}
        >
          {saving ? t('form.saving') : initial ? t('form.saveChanges') : t('form.create')}
        </button>
        <button type="button" className="btn-secondary px-5 py-2.5 text-sm" onClick={onCancel}>
          {t('form.cancel')}
        </button>
      </div>
    </form>
  );
}
