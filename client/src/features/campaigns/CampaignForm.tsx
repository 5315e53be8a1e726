import { useId, useState, type FormEvent } from 'react';
import {
  CAMPAIGN_DAYS_MAX,
  CAMPAIGN_DAYS_MIN,
  CAMPAIGN_PLATFORMS_MAX,
  LANGUAGES,
  PLATFORMS,
  TOPIC_MAX,
  type CreateCampaignBody,
  type LanguageId,
  type OccasionId,
  type Plan,
  type PlatformId,
  type Tone,
} from '@gl/core/types';
import { useTranslation } from 'react-i18next';
import { useBrands } from '../brands';
import { Checkbox } from '../../ui/forms/Checkbox';
import { Field, SelectField } from '../../ui/forms/Field';
import { Notice } from '../../ui/forms/Notice';
import { accountTodayIso, shortDate, useOccasions } from './campaigns';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The campaign brief: occasion, start, days, up to four platforms, tone, topic, brand kit and language. */
export default function CampaignForm({
  plan,
  busy,
  onSubmit,
}: {
  plan: Plan;
  busy: boolean;
  onSubmit: (body: CreateCampaignBody) => void;
}) {
  const { t } = useTranslation(['campaigns', 'catalog']);
  const id = useId();
  const occasions = useOccasions();
  const brands = useBrands();
  const today = accountTodayIso();
  const [occasion, setOccasion] = useState<OccasionId | ''>('');
  const [startsOn, setStartsOn] = useState(today);
  const [days, setDays] = useState(7);
  const [platforms, setPlatforms] = useState<PlatformId[]>(['instagram_caption', 'sms']);
  const [tone, setTone] = useState<Tone>(plan.limits.tones[0] ?? 'bold');
  const [topic, setTopic] = useState('');
  const [brandId, setBrandId] = useState('');
  const [language, setLanguage] = useState<LanguageId>('en');
  const [problem, setProblem] = useState('');

  const chooseOccasion = (value: OccasionId | '') => {
    setOccasion(value);
    const next = occasions.data?.find((o) => o.id === value)?.nextDate;
    // Start a couple of days before the occasion, so the campaign builds up to it.
    if (next) setStartsOn(addDays(next, -2) < today ? today : addDays(next, -2));
  };

  const togglePlatform = (p: PlatformId) =>
    setPlatforms((list) => (list.includes(p) ? list.filter((x) => x !== p) : list.length < CAMPAIGN_PLATFORMS_MAX ? [...list, p] : list));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (platforms.length === 0) return setProblem(t('form.needPlatform'));
    if (!startsOn || startsOn < today) return setProblem(t('form.needStart'));
    setProblem('');
    onSubmit({
      occasion: occasion || undefined,
      startsOn,
      days,
      platforms,
      tone,
      topic: topic.trim() || undefined,
      brandId: brandId || undefined,
      language,
    });
  };

  const full = platforms.length >= CAMPAIGN_PLATFORMS_MAX;
  return (
    <form className="card grid gap-4 p-5 sm:p-6" onSubmit={submit} aria-label={t('form.label')}>
      <SelectField
        id={`${id}-occasion`}
        label={t('form.occasion')}
        required={false}
        value={occasion}
        onChange={(v) => chooseOccasion(v as OccasionId | '')}
      >
        <option value="">{t('form.noOccasion')}</option>
        {occasions.data?.map((o) => (
          <option key={o.id} value={o.id}>
            {t(`catalog:occasion.${o.id}`)}
            {o.nextDate ? ` (${shortDate(o.nextDate)})` : ''}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-start`} label={t('form.start')} type="date" min={today} value={startsOn} onChange={setStartsOn} />
        <SelectField id={`${id}-days`} label={t('form.days')} value={String(days)} onChange={(v) => setDays(Number(v))}>
          {Array.from({ length: CAMPAIGN_DAYS_MAX - CAMPAIGN_DAYS_MIN + 1 }, (_, i) => i + CAMPAIGN_DAYS_MIN).map((n) => (
            <option key={n} value={n}>
              {t('form.dayCount', { count: n })}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset>
        <legend className="field-label">
          {t('form.platforms')}{' '}
          <span className="font-normal text-slate-600 dark:text-slate-400">
            {t('form.platformCount', { count: platforms.length, max: CAMPAIGN_PLATFORMS_MAX })}
          </span>
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PLATFORMS.map((p) => {
            const checked = platforms.includes(p.id);
            return (
              <Checkbox
                key={p.id}
                className={`rounded-lg border px-3 py-2 ${
                  checked
                    ? 'border-violet-500 bg-violet-50 text-violet-900 dark:bg-violet-500/10 dark:text-violet-100'
                    : 'border-slate-300 text-slate-800 dark:border-slate-700 dark:text-slate-200'
                }`}
                label={<span className="font-normal">{t(`catalog:platform.${p.id}`)}</span>}
                checked={checked}
                disabled={!checked && full}
                onChange={() => togglePlatform(p.id)}
                after={<span className="text-xs text-slate-600 dark:text-slate-400">{p.maxChars}</span>}
              />
            );
          })}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-tone`} label={t('form.tone')} value={tone} onChange={(v) => setTone(v as Tone)}>
          {plan.limits.tones.map((tone) => (
            <option key={tone} value={tone}>
              {t(`catalog:tone.${tone}`)}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-language`} label={t('form.language')} value={language} onChange={(v) => setLanguage(v as LanguageId)}>
          {LANGUAGES.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
      </div>
      <Field
        id={`${id}-topic`}
        label={
          <>
            {t('form.topic')} <span className="font-normal text-slate-600 dark:text-slate-400">{t('form.optional')}</span>
          </>
        }
        required={false}
        maxLength={TOPIC_MAX}
        placeholder={t('form.topicPlaceholder')}
        value={topic}
        onChange={setTopic}
      />
      {(brands.data?.length ?? 0) > 0 && (
        <SelectField id={`${id}-brand`} label={t('form.brandKit')} required={false} value={brandId} onChange={setBrandId}>
          <option value="">{t('form.noBrand')}</option>
          {brands.data?.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </SelectField>
      )}
      {problem && <Notice kind="error">{problem}</Notice>}
      <p className="text-xs text-slate-600 dark:text-slate-400">{t('form.total', { count: days * platforms.length })}</p>
      <button type="submit" className="btn-primary tap py-2.5 text-sm" disabled={busy}>
        {busy ? t('form.planning') : t('form.submit')}
      </button>
    </form>
  );
}
