import { useState } from 'react';
import { getPlatform, type EmojiMode, type GenerateBody, type HashtagMode, type PlatformId } from '@gl/core/types';

/** What the switches show with "Any platform": no hashtags unless asked for (DESIGN.md §13), emoji allowed (at most 2). */
export const ANY_PLATFORM_DEFAULTS = { hashtags: 'none', emoji: 'some' } as const satisfies { hashtags: HashtagMode; emoji: EmojiMode };

export type PlatformFields = Pick<GenerateBody, 'platform' | 'hashtags' | 'emoji'>;

/**
 * The platform picker and the hashtag and emoji switches on /generate. Choosing a platform sets
 * the switches to its defaults; either can then be changed. What is sent: the platform and both
 * switches once a platform is chosen; without one, only a switch the person changed (the server
 * applies its own defaults to the rest).
 */
export function usePlatformChoice() {
  const [platform, setPlatformId] = useState<PlatformId | null>(null);
  const [hashtags, setHashtagsMode] = useState<HashtagMode>(ANY_PLATFORM_DEFAULTS.hashtags);
  const [emoji, setEmojiMode] = useState<EmojiMode>(ANY_PLATFORM_DEFAULTS.emoji);
  const [touched, setTouched] = useState({ hashtags: false, emoji: false });

  const setPlatform = (id: PlatformId | null) => {
    setPlatformId(id);
    const defaults = id ? getPlatform(id) : ANY_PLATFORM_DEFAULTS;
    setHashtagsMode(defaults.hashtags);
    setEmojiMode(defaults.emoji);
    setTouched({ hashtags: false, emoji: false });
  };
  const setHashtags = (mode: HashtagMode) => {
    setHashtagsMode(mode);
    setTouched((t) => ({ ...t, hashtags: true }));
  };
  const setEmoji = (mode: EmojiMode) => {
    setEmojiMode(mode);
    setTouched((t) => ({ ...t, emoji: true }));
  };

  /** The request's platform fields (empty when nothing was chosen). */
  const fields = (): PlatformFields => ({
    ...(platform ? { platform } : {}),
    ...(platform || touched.hashtags ? { hashtags } : {}),
    ...(platform || touched.emoji ? { emoji } : {}),
  });

  return { platform, hashtags, emoji, setPlatform, setHashtags, setEmoji, fields };
}
export type PlatformChoice = ReturnType<typeof usePlatformChoice>;
