import { PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, PHOTO_TARGET_BYTES } from '@gl/core/types';
import { i18n } from '../../../platform/i18n/i18n';

/**
 * Captions from a photo, in the browser: the photo is drawn on a canvas and encoded again as JPEG
 * before it leaves the phone. That shrinks it (longest side at most 1024 px, about 150 KB, so it
 * goes up in seconds on slow mobile data) and leaves its EXIF behind, GPS position included: a
 * canvas holds pixels only. It then goes up through the API client's `apiUpload` (lib/api.ts), with progress.
 */

/** A photo ready to send. `dataUrl` is for the preview (the page's CSP allows data: images). */
export interface ShrunkPhoto {
  blob: Blob;
  dataUrl: string;
  width: number;
  height: number;
}

/** Said, in the interface's language, when the browser cannot decode the file. */
const unreadablePhoto = () => i18n.t('photo:errors.unreadable');

/** JPEG qualities tried in turn until the photo is about the target size. */
const QUALITIES = [0.85, 0.75, 0.65, 0.55];

type Drawable = ImageBitmap | HTMLImageElement;

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/** The picture, turned upright by its EXIF orientation (as every current browser decodes it). */
async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(file, { imageOrientation: 'from-image' });
    } catch {
      /* an older engine, or a format only <img> reads: try that below */
    }
  }
  const url = await readAsDataUrl(file);
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('not an image'));
    img.src = url;
  });
}

function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('could not encode the photo'))), 'image/jpeg', quality),
  );
}

function draw(source: Drawable, width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  // A transparent PNG becomes a photo on white, not on black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, width, height);
  return canvas;
}

/**
 * Shrinks a photo for upload: at most `maxSide` px on its longest side, JPEG, trying lower
 * qualities (then smaller sizes) until it is about `targetBytes`, and never above the server's limit.
 * Throws an Error with the unreadable-photo message when the file is not a picture the browser can decode.
 */
export async function shrinkPhoto(file: Blob, opts: { maxSide?: number; targetBytes?: number } = {}): Promise<ShrunkPhoto> {
  const maxSide = opts.maxSide ?? PHOTO_MAX_SIDE;
  const target = opts.targetBytes ?? PHOTO_TARGET_BYTES;
  let source: Drawable;
  try {
    source = await decode(file);
  } catch {
    throw new Error(unreadablePhoto());
  }
  const naturalWidth = 'naturalWidth' in source ? source.naturalWidth : source.width;
  const naturalHeight = 'naturalHeight' in source ? source.naturalHeight : source.height;
  if (!naturalWidth || !naturalHeight) throw new Error(unreadablePhoto());
  let scale = Math.min(1, maxSide / Math.max(naturalWidth, naturalHeight));
  try {
    for (let round = 0; round < 4; round++) {
      const width = Math.max(1, Math.round(naturalWidth * scale));
      const height = Math.max(1, Math.round(naturalHeight * scale));
      const canvas = draw(source, width, height);
      let blob: Blob | undefined;
      for (const quality of QUALITIES) {
        blob = await toJpeg(canvas, quality);
        if (blob.size <= target * 1.2) break;
      }
      if (blob && (blob.size <= target * 2 || round === 3) && blob.size <= PHOTO_MAX_BYTES) {
        return { blob, dataUrl: await readAsDataUrl(blob), width, height };
      }
      scale *= 0.75;
    }
  } finally {
    if ('close' in source) source.close();
  }
  throw new Error(unreadablePhoto());
}
