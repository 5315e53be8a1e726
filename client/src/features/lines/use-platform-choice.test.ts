import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS, PLATFORM_IDS, switchesFor } from '@gl/core';
import { defaultSwitches } from './use-platform-choice';

describe('the switches the form shows by default', () => {
  it('are the ones the server applies, for every category with and without each platform', () => {
    for (const category of CATEGORY_IDS) {
      for (const platform of [null, ...PLATFORM_IDS]) {
        expect(defaultSwitches(category, platform), `${category} ${platform}`).toEqual(switchesFor(category, platform));
      }
    }
  });
});
