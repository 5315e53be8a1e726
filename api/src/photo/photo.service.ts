import type { z } from 'zod';
import type { GenerateBody, UiLanguage } from '@gl/core';
import { canSeePhotos, Errors } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { parse } from '../http/respond';
import type { GenerationAccepted, GenerationService, Requester } from '../lines';
import { preparePhoto, type PhotoForm } from './photo-upload';
import { requireFeature } from '../common/plan-policy';

/**
 * Captions from a photo (DESIGN.md §15): the generate fields with every rule of generate, the
 * plan (Pro and Business), a provider that can see (422 VISION_UNAVAILABLE otherwise, before
 * anything is counted or kept), then the photo checked and stripped, and one generation started
 * like any other, its photo handed to the job through a short-lived Redis key.
 */
export class PhotoService {
  constructor(
    private readonly ctx: ApiContext,
    private readonly generations: GenerationService,
  ) {}

  /** `lang`: the request's language, for zod's own messages about the form's fields. */
  async create(who: Requester, form: PhotoForm, fields: z.ZodType<GenerateBody>, lang?: UiLanguage): Promise<GenerationAccepted> {
    this.generations.ensureQueueReady();
    const body = parse(fields, form.fields, { lang });
    const plan = who.plan ?? (await this.generations.quota.planOf({ userId: who.userId, ip: who.ip }));
    requireFeature(plan, 'photoCaptions', 'Captions from a photo');
    if (!canSeePhotos(this.ctx.config)) throw Errors.visionUnavailable();
    const photo = await preparePhoto(form.file);
    return this.generations.create(who, body, { plan, photo: photo.bytes });
  }
}
