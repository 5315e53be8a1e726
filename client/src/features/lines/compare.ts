import { useCallback } from 'react';
import type { Tone, UsageSummary } from '@gl/core/types';
import { api } from '../../platform/api';
import { briefOptions, useGeneration, type GenerateRequest } from './generation';
import { live } from '../../platform/socket';

export const COMPARE_MAX = 3;

/**
 * POST /api/lines/compare: one brief in 2-3 tones. Each tone's generation streams into its own
 * slot (a useGeneration each), so every line keeps copy, save and regenerate.
 */
export function useToneComparison(onUsage: (usage: UsageSummary | null | undefined) => void) {
  const a = useGeneration(onUsage);
  const b = useGeneration(onUsage);
  const c = useGeneration(onUsage);
  const compare = useCallback(
    async (request: GenerateRequest, tones: Tone[]) => {
      const slots = [a, b, c];
      const used = tones.slice(0, COMPARE_MAX);
      used.forEach((tone, i) => slots[i]!.begin({ ...request, tone }));
      slots.slice(used.length).forEach((s) => s.reset());
      try {
        await live.ready(3_000);
        const body: Record<string, unknown> = { category: request.category, tones: used, count: request.count, language: request.language };
        Object.assign(body, briefOptions(request));
        const data = await api('/lines/compare', {
          method: 'POST',
          body,
        });
        onUsage(data.usage);
        data.generations.forEach((g) => slots[used.indexOf(g.tone)]?.adopt(g.id));
      } catch (err) {
        used.forEach((_, i) => slots[i]!.fail(err));
      }
    },
    [a, b, c, onUsage],
  );

  return { slots: [a, b, c], compare };
}
