import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { PLATFORMS, getCategory, getPlatform, type CategoryId, type Platform, type PlatformId } from '@gl/core/types';
import Switch from '../../ui/Switch';
import { SelectField } from '../../ui/forms/Field';
import type { PlatformChoice } from './use-platform-choice';

/** How a platform's limit is counted, in a phrase the person reads under the picker. */
export function limitText(t: TFunction<['generate', 'catalog']>, platform: Platform): string {
  switch (platform.counting) {
    case 'x_weighted':
      return t('platform.limitX', { max: platform.maxChars });
    case 'gsm7':
      return t('platform.limitSms', { max: platform.maxChars });
    default:
      return t('platform.limit', { max: platform.maxChars });
  }
}

/**
 * Where the lines will be posted (its limit applies beside Max chars) and the hashtag and emoji
 * switches, which start at the platform's defaults.
 */
export default function PlatformFields({ choice, category }: { choice: PlatformChoice; category: CategoryId }) {
  const { t } = useTranslation(['generate', 'catalog']);
  const id = useId();
  const platform = choice.platform ? getPlatform(choice.platform) : null;
  const cat = getCategory(category);
  // The category's own bound can be tighter than the platform's (the smaller wins).
  const tighter =
    platform && cat.maxChars < platform.maxChars
      ? ` ${t('platform.tighter', { category: t(`catalog:category.${cat.id}.name`), max: cat.maxChars })}`
      : '';
  return (
    <div className="grid gap-3">
      <SelectField
        id={id}
        label={
          <>
            {t('platform.label')} <span className="font-normal text-slate-500 dark:text-slate-400">{t('form.optional')}</span>
          </>
        }
        required={false}
        value={choice.platform ?? ''}
        onChange={(v) => choice.setPlatform((v || null) as PlatformId | null)}
        hint={<span data-testid="platform-limit">{platform ? limitText(t, platform) + tighter : t('platform.pick')}</span>}
      >
        <option value="">{t('platform.any')}</option>
        {PLATFORMS.map((p) => (
          <option key={p.id} value={p.id}>
            {t(`catalog:platform.${p.id}`)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-2 sm:grid-cols-2">
        <Switch
          label={t('platform.hashtags')}
          checked={choice.hashtags === 'few'}
          onChange={(on) => choice.setHashtags(on ? 'few' : 'none')}
          hint={choice.hashtags === 'few' ? t('platform.hashtagsOn') : t('platform.hashtagsOff')}
        />
        <Switch
          label={t('platform.emoji')}
          checked={choice.emoji === 'some'}
          onChange={(on) => choice.setEmoji(on ? 'some' : 'none')}
          hint={choice.emoji === 'some' ? t('platform.emojiOn') : t('platform.emojiOff')}
        />
      </div>
    </div>
  );
}
