import { useState } from 'react';
import { getPlatform, type CategoryId, type EmojiMode, type GenerateBody, type HashtagMode, type PlatformId } from '@gl/core/types';

/**
 * The switches' defaults, as the server applies them (`switchesFor` in @gl/core, which the client
 * does not import: it lives beside the counting libraries): the platform's, else no hashtags but
 * on captions, and emoji allowed (at most 2).
 */
export function defaultSwitches(category: CategoryId, platform: PlatformId | null): { hashtags: HashtagMode; emoji: EmojiMode } {
  if (platform) {
    const p = getPlatform(platform);
    return { hashtags: p.hashtags, emoji: p.emoji };
  }
  return { hashtags: category === 'captions' ? 'few' : 'none', emoji: 'some' };
}

export type PlatformFields = Pick<GenerateBody, 'platform' | 'hashtags' | 'emoji'>;

/**
 * The platform picker and the hashtag and emoji switches on /generate. The switches show the
 * defaults until the person changes one; choosing another platform puts them back to its defaults.
 * What is sent: the platform and both switches once a platform is chosen; without one, only a
 * switch the person changed (the server applies the same defaults to the rest).
 */
export function usePlatformChoice(category: CategoryId) {
  const [platform, setPlatformId] = useState<PlatformId | null>(null);
  const [asked, setAsked] = useState<{ hashtags?: HashtagMode; emoji?: EmojiMode }>({});
  const defaults = defaultSwitches(category, platform);
  const hashtags = asked.hashtags ?? defaults.hashtags;
  const emoji = asked.emoji ?? defaults.emoji;

  const setPlatform = (id: PlatformId | null) => {
    setPlatformId(id);
    setAsked({});
  };
  const setHashtags = (mode: HashtagMode) => setAsked((a) => ({ ...a, hashtags: mode }));
  const setEmoji = (mode: EmojiMode) => setAsked((a) => ({ ...a, emoji: mode }));

  /** The request's platform fields (empty when nothing was chosen). */
  const fields = (): PlatformFields =>
    platform ? { platform, hashtags, emoji } : { ...(asked.hashtags ? { hashtags } : {}), ...(asked.emoji ? { emoji } : {}) };

  return { platform, hashtags, emoji, setPlatform, setHashtags, setEmoji, fields };
}
export type PlatformChoice = ReturnType<typeof usePlatformChoice>;
