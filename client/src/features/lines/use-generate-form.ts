import { useState, type FormEvent } from 'react';
import { CATEGORIES, COUNT_MAX, COUNT_MIN, TONES, type Plan } from '@gl/core/types';
import type { BrandDto, CategoryId, LanguageId, Tone } from '@gl/core/types';
import { useOnline } from '../../platform/app-status';
import { COMPARE_MAX } from './compare';
import type { GenerateRequest } from './generation';
import { usePlatformChoice } from './use-platform-choice';

export interface GenerateFormOptions {
  plan: Plan;
  initialCategory: CategoryId;
  brands: BrandDto[];
  onSubmit(request: GenerateRequest): void;
  onCompare?(request: GenerateRequest, tones: Tone[]): void;
  onCompareMode?(on: boolean): void;
}

/**
 * The /generate form's state: the choices, what the plan locks, the tone comparison, and the
 * request a submit sends (counts and lengths clamped to what the server accepts).
 */
export function useGenerateForm({ plan, initialCategory, brands, onSubmit, onCompare, onCompareMode }: GenerateFormOptions) {
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
  const online = useOnline();

  const categoryMax = CATEGORIES.find((c) => c.id === category)?.maxChars ?? 200;
  const lockedCategories = CATEGORIES.filter((c) => !plan.limits.categories.includes(c.id));
  const lockedTones = TONES.filter((t) => !plan.limits.tones.includes(t));
  const promptsLocked = !plan.limits.customPrompts;
  const compareLocked = !plan.limits.toneComparison;

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

  return {
    online,
    category,
    setCategory,
    tone,
    setTone,
    topic,
    setTopic,
    prompt,
    setPrompt,
    count,
    setCount,
    language,
    setLanguage,
    maxChars,
    setMaxChars,
    brandId,
    setBrandId,
    platformChoice,
    categoryMax,
    lockedCategories,
    lockedTones,
    promptsLocked,
    compare: {
      locked: compareLocked,
      on: comparing,
      tones: compareTones,
      ready: compareTones.length >= 2,
      set: setCompare,
      toggle: toggleCompareTone,
    },
    submit,
  };
}
export type GenerateFormState = ReturnType<typeof useGenerateForm>;
