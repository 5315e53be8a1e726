import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { PHOTO_FIELD, type UsageSummary } from '@gl/core/types';
import { ApiError, apiUpload } from '../../../platform/api';
import { briefOptions, type GenerateRequest, type useGeneration } from '../generation';
import { shrinkPhoto, type ShrunkPhoto } from './photo';
import { live } from '../../../platform/socket';

/** Answers about the photo itself: shown beside the photo, not as a failed generation. */
const PHOTO_CODES = new Set(['VISION_UNAVAILABLE', 'UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE']);

export interface PhotoError {
  message: string;
  code: string;
  /** No provider can see photos: offer to write from a typed description instead. */
  describeInstead: boolean;
  /** The server refused the photo it was sent (shown above the results); false: the browser could not read the file. */
  sent: boolean;
}

export interface PhotoState {
  photo: ShrunkPhoto | null;
  /** Shrinking the picked photo. */
  preparing: boolean;
  /** 0..1 while the photo goes up; null otherwise. */
  progress: number | null;
  error: PhotoError | null;
  /** The generation that was written from the photo (no one-line regeneration: the photo is not kept). */
  generationId: string | null;
}

type LocalPhotoState = Omit<PhotoState, 'generationId'>;

const EMPTY: LocalPhotoState = { photo: null, preparing: false, progress: null, error: null };

/** POST /api/lines/photo with the photo and the choices, as one multipart upload with progress. */
function usePhotoUpload() {
  return useMutation({
    mutationFn: ({ request, photo, onProgress }: { request: GenerateRequest; photo: Blob; onProgress(fraction: number): void }) =>
      apiUpload('/lines/photo', photoForm(request, photo), { onProgress }),
  });
}

/** The fields generate sends (the same choices, the same omissions), as multipart text fields beside the photo. */
export function photoForm(request: GenerateRequest, photo: Blob): FormData {
  const form = new FormData();
  const fields = {
    category: request.category,
    tone: request.tone,
    count: request.count,
    language: request.language,
    ...briefOptions(request),
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    form.append(key, String(value));
  }
  form.append(PHOTO_FIELD, photo, 'photo.jpg');
  return form;
}

/**
 * "From a photo" on /generate: the picked photo (shrunk in the browser), its upload with progress
 * to POST /api/lines/photo, then the lines arrive over the socket exactly as for any generation:
 * the generation hook shows the request, adopts the accepted id and streams the lines. The upload is
 * a mutation: the generation written from the photo is its answer's.
 */
export function usePhotoGeneration(generation: ReturnType<typeof useGeneration>, onUsage: (usage: UsageSummary) => void) {
  const [state, setState] = useState<LocalPhotoState>(EMPTY);
  const upload = usePhotoUpload();
  const stateRef = useRef(state);
  stateRef.current = state;
  const picking = useRef(0);

  const pick = useCallback(async (file: File | undefined) => {
    if (!file) return;
    const run = ++picking.current;
    setState((s) => ({ ...s, photo: null, preparing: true, error: null }));
    try {
      const photo = await shrinkPhoto(file);
      if (run === picking.current) setState((s) => ({ ...s, photo, preparing: false }));
    } catch (err) {
      if (run !== picking.current) return;
      const message = err instanceof Error ? err.message : String(err);
      setState((s) => ({ ...s, preparing: false, error: { message, code: 'UNREADABLE', describeInstead: false, sent: false } }));
    }
  }, []);

  const clear = useCallback(() => {
    picking.current++;
    setState(EMPTY);
  }, []);

  const send = useCallback(
    async (request: GenerateRequest) => {
      const photo = stateRef.current.photo;
      if (!photo) return;
      generation.begin(request);
      setState((s) => ({ ...s, progress: 0, error: null }));
      try {
        // Connected before asking, so the first line is not missed.
        await live.ready(3_000);
        const data = await upload.mutateAsync({
          request,
          photo: photo.blob,
          onProgress: (fraction) => setState((s) => (s.progress === null ? s : { ...s, progress: fraction })),
        });
        setState((s) => ({ ...s, progress: null }));
        onUsage(data.usage);
        generation.adopt(data.generation.id);
      } catch (err) {
        setState((s) => ({ ...s, progress: null }));
        if (err instanceof ApiError && PHOTO_CODES.has(err.code)) {
          generation.reset();
          setState((s) => ({
            ...s,
            error: { message: err.message, code: err.code, describeInstead: err.code === 'VISION_UNAVAILABLE', sent: true },
          }));
          return;
        }
        if (err instanceof ApiError && err.code === 'VALIDATION_FAILED' && /photo/i.test(err.message)) {
          generation.reset();
          setState((s) => ({ ...s, error: { message: err.message, code: err.code, describeInstead: false, sent: true } }));
          return;
        }
        generation.fail(err);
      }
    },
    [generation, onUsage, upload],
  );

  const photoState: PhotoState = { ...state, generationId: upload.data?.generation.id ?? null };
  return { state: photoState, pick, clear, send };
}
