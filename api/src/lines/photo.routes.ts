import { generateBody, generationAcceptedDto, PHOTO_FIELD, PHOTO_MAX_BYTES, PHOTO_TYPES, photoFormFields } from '@gl/core';
import type { z } from 'zod';
import type { ApiContext } from '../api-context';
import { defineResource, type MultipartSpec } from '../http/route';
import { GenerationService } from './generation.service';
import { PhotoService } from './photo.service';
import { readPhotoForm } from './photo-upload';
import { generateLimiters, requesterOf } from './generation.routes';

/** The form of a photo upload, as the OpenAPI document describes it. */
export function photoMultipart(fields: z.ZodObject): MultipartSpec {
  return {
    fields,
    files: {
      [PHOTO_FIELD]: {
        description: `The photo: ${PHOTO_TYPES.map((t) => t.split('/')[1]!.toUpperCase()).join(', ')}, at most ${PHOTO_MAX_BYTES / (1024 * 1024)} MB, recognised by its bytes (not its name). It is read and forgotten: never stored, and its metadata (EXIF, GPS) never reaches a provider.`,
        types: PHOTO_TYPES,
      },
    },
  };
}

export const PHOTO_DESCRIPTION =
  'A provider that can see reads the photo (an OpenAI-compatible vision model writes the lines from it; otherwise a Hugging Face image-to-text model describes it and the text chain writes from that description), with every rule of generate. Pro and Business plans; counted as one generation, with the rate limits of generate. 422 VISION_UNAVAILABLE when no provider that can see is configured (nothing counted): write from a typed topic instead.';

function photoDeps(ctx: ApiContext) {
  const generations = new GenerationService(ctx);
  return { generations, photos: new PhotoService(ctx, generations), limits: generateLimiters(ctx) };
}

/** POST /api/lines/photo: lines about a photo (DESIGN.md §15). */
export const photoResource = defineResource({
  prefix: '/lines',
  tag: 'Lines',
  deps: photoDeps,
  routes: (route) => [
    route({
      method: 'post',
      path: '/photo',
      summary: 'Start a generation from a photo',
      description: `multipart/form-data: the photo in "${PHOTO_FIELD}" and the fields of POST /lines/generate as form fields. Answers 202 at once; the lines arrive over Socket.IO exactly as for POST /lines/generate. ${PHOTO_DESCRIPTION}`,
      auth: 'session',
      multipart: photoMultipart(generateBody),
      status: 202,
      response: generationAcceptedDto,
      errors: [400, 401, 403, 413, 415, 422, 429, 503],
      before: async (req, deps) => {
        deps.generations.ensureQueueReady();
        await deps.limits.consume(requesterOf(req));
      },
      handler: async ({ req, res, deps }) => deps.photos.create(requesterOf(req), await readPhotoForm(req, res), photoFormFields),
    }),
  ],
});
