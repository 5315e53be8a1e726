import { useId } from 'react';
import { PLATFORMS, getCategory, getPlatform, type CategoryId, type Platform, type PlatformId } from '@gl/core/types';
import Switch from '../Switch';
import type { PlatformChoice } from './use-platform-choice';

/** How a platform's limit is counted, in a phrase the person reads under the picker. */
export function limitText(platform: Platform): string {
  switch (platform.counting) {
    case 'x_weighted':
      return `Up to ${platform.maxChars} characters as X counts them (an emoji or a CJK character counts as 2).`;
    case 'gsm7':
      return `One SMS: up to ${platform.maxChars} plain (GSM-7) characters. An emoji or a curly quote cuts a segment to 70.`;
    default:
      return `Up to ${platform.maxChars} characters (an emoji counts as 1).`;
  }
}

/**
 * Where the lines will be posted (its limit applies beside Max chars) and the hashtag and emoji
 * switches, which start at the platform's defaults.
 */
export default function PlatformFields({ choice, category }: { choice: PlatformChoice; category: CategoryId }) {
  const id = useId();
  const platform = choice.platform ? getPlatform(choice.platform) : null;
  const cat = getCategory(category);
  // The category's own bound can be tighter than the platform's (the smaller wins).
  const tighter = platform && cat.maxChars < platform.maxChars ? ` ${cat.name} keep to ${cat.maxChars}.` : '';
  return (
    <div className="grid gap-3">
      <div>
        <label htmlFor={id} className="field-label">
          Platform <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <select
          id={id}
          className="field"
          value={choice.platform ?? ''}
          onChange={(e) => choice.setPlatform((e.target.value || null) as PlatformId | null)}
          aria-describedby={`${id}-limit`}
        >
          <option value="">Any platform</option>
          {PLATFORMS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <p id={`${id}-limit`} data-testid="platform-limit" className="mt-1.5 text-xs text-slate-600 dark:text-slate-400">
          {platform ? limitText(platform) + tighter : 'Pick where the lines will be posted to keep them within its limit.'}
        </p>
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        <Switch
          label="Hashtags"
          checked={choice.hashtags === 'few'}
          onChange={(on) => choice.setHashtags(on ? 'few' : 'none')}
          hint={choice.hashtags === 'few' ? '1 to 3, at the end' : 'No hashtags'}
        />
        <Switch
          label="Emoji"
          checked={choice.emoji === 'some'}
          onChange={(on) => choice.setEmoji(on ? 'some' : 'none')}
          hint={choice.emoji === 'some' ? 'At most 2 per line' : 'No emoji'}
        />
      </div>
    </div>
  );
}
