import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer, { MulterError } from 'multer';
import type sharpFn from 'sharp';
import { PHOTO_FIELD, PHOTO_MAX_BYTES, PHOTO_MAX_SIDE, PHOTO_TYPES } from '@gl/core';
import { AppError, Errors } from '@gl/core/server';

/**
 * Reading a photo upload (POST /lines/photo, POST /v1/photo): multipart/form-data parsed by multer
 * into memory with hard limits, the type recognised by the file's bytes (file-type), then decoded
 * and encoded again by sharp (libvips), which is also what keeps a phone's GPS position away from
 * the providers: the copy that goes on carries no EXIF, XMP or ICC metadata at all.
 */

/** Form fields: the generate fields (a dozen at most), each short. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 4 * 1024;
/** Everything a well-formed request can hold: the photo, the fields and the multipart framing. */
const MAX_REQUEST_BYTES = PHOTO_MAX_BYTES + MAX_FIELDS * (MAX_FIELD_BYTES + 256) + 16 * 1024;
/**
 * A request over MAX_REQUEST_BYTES is read and thrown away up to this many bytes before the 413 is
 * sent, so every client (browsers, Node's fetch, curl) can read the answer; beyond it, the
 * connection is closed rather than read.
 */
export const PHOTO_DISCARD_MAX_BYTES = 16 * 1024 * 1024;
/** A decoded photo larger than this (40 megapixels) is refused before it takes the memory. */
const MAX_PIXELS = 40_000_000;

const ACCEPTED = 'JPEG, PNG or WebP';
const MB = PHOTO_MAX_BYTES / (1024 * 1024);
export const PHOTO_MESSAGES = {
  notMultipart: `Send the photo as multipart/form-data, in a field named "${PHOTO_FIELD}".`,
  missing: `Add a photo: send it in the "${PHOTO_FIELD}" field (${ACCEPTED}, up to ${MB} MB).`,
  empty: 'The photo is empty (0 bytes). Please take or choose it again.',
  tooLarge: `The photo is larger than ${MB} MB. Please send a smaller one.`,
  oneOnly: 'Send one photo at a time.',
  unsupported: (what: string) => `Only ${ACCEPTED} photos can be read; this file is ${what}.`,
  damaged: 'The photo is incomplete or damaged (its data ends too early). Please take or choose it again.',
  tooManyPixels: 'The photo has too many pixels to read. Please send a smaller one.',
  malformed: 'The upload was incomplete or malformed. Please try again.',
} as const;

/**
 * sharp (libvips, a native library of its own) is loaded on the first photo, not at start: loading it
 * maps libvips and starts its threads, about 10 MB resident in every api process whether or not a
 * photo ever arrives.
 */
let sharpModule: Promise<typeof sharpFn> | undefined;
const loadSharp = (): Promise<typeof sharpFn> =>
  (sharpModule ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));

const upload = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: PHOTO_MAX_BYTES,
    files: 1,
    fields: MAX_FIELDS,
    fieldSize: MAX_FIELD_BYTES,
    fieldNameSize: 100,
    parts: MAX_FIELDS + 1,
    headerPairs: 50,
  },
}).single(PHOTO_FIELD);

/** The form as multer read it: text fields, and the photo's bytes when one was sent. */
export interface PhotoForm {
  fields: Record<string, unknown>;
  file?: Buffer;
}

/** A photo ready for a provider: JPEG bytes without any metadata, its longest side at most PHOTO_MAX_SIDE. */
export interface PreparedPhoto {
  bytes: Buffer;
  type: 'image/jpeg';
}

function fromMulter(err: MulterError): AppError {
  switch (err.code) {
    case 'LIMIT_FILE_SIZE':
      return Errors.tooLarge(PHOTO_MESSAGES.tooLarge);
    case 'LIMIT_FILE_COUNT':
      return Errors.validation(PHOTO_MESSAGES.oneOnly, [{ path: PHOTO_FIELD, message: PHOTO_MESSAGES.oneOnly }]);
    case 'LIMIT_UNEXPECTED_FILE': {
      // A second photo under the same name is one too many; a file under another name is misnamed.
      const message =
        err.field === PHOTO_FIELD ? PHOTO_MESSAGES.oneOnly : `Unexpected file field "${err.field}": send the photo as "${PHOTO_FIELD}".`;
      return Errors.validation(message, [{ path: err.field ?? PHOTO_FIELD, message }]);
    }
    case 'LIMIT_FIELD_VALUE':
      return Errors.validation(`The form field "${err.field}" is too long.`, [{ path: err.field ?? '', message: 'too long' }]);
    default:
      return Errors.validation(`The form has too many or too long fields (${err.message}).`);
  }
}

/**
 * Reads the rest of a request and throws it away, so the answer that follows reaches the client:
 * a server that answers and closes while a body is still arriving resets the connection, and a
 * client (a browser, Node's fetch) that had not read the answer yet loses it. Past `bound` bytes
 * the connection is closed instead (the answer goes with `Connection: close`).
 */
function discardBody(req: Request, res: Response, bound: number): Promise<void> {
  return new Promise((resolve) => {
    if (req.readableEnded || req.destroyed) return resolve();
    let read = 0;
    const done = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound) {
        res.setHeader('Connection', 'close');
        req.pause();
        done();
      }
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

/**
 * Parses the multipart request. A request that announces more than the limits allow is read and
 * thrown away before its 413 (up to PHOTO_DISCARD_MAX_BYTES; one that announces more is refused at
 * once and its connection closed rather than read); otherwise multer stops reading at the limits
 * and drains the rest (here too no further than PHOTO_DISCARD_MAX_BYTES), so the client sees the answer.
 */
export async function readPhotoForm(req: Request, res: Response): Promise<PhotoForm> {
  if (!req.is('multipart/form-data')) throw Errors.unsupportedMedia(PHOTO_MESSAGES.notMultipart);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BYTES) {
    if (declared > PHOTO_DISCARD_MAX_BYTES) res.setHeader('Connection', 'close');
    else await discardBody(req, res, PHOTO_DISCARD_MAX_BYTES);
    throw Errors.tooLarge(PHOTO_MESSAGES.tooLarge);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      upload(req, res, (err: unknown) => (err ? reject(err) : resolve()));
      // multer drains what is left of a refused upload before it answers: no further than the bound.
      let read = 0;
      const bound = (chunk: Buffer) => {
        read += chunk.length;
        if (read <= PHOTO_DISCARD_MAX_BYTES) return;
        req.off('data', bound);
        res.setHeader('Connection', 'close');
        req.destroy();
      };
      req.on('data', bound);
      req.once('end', () => req.off('data', bound));
    });
  } catch (err) {
    if (err instanceof MulterError) throw fromMulter(err);
    // busboy: a truncated body, a missing boundary, a malformed part header.
    throw Errors.validation(PHOTO_MESSAGES.malformed);
  }
  const fields = { ...((req.body as Record<string, unknown> | undefined) ?? {}) };
  // Never let the bytes travel further on the request object (a log serializer, an error report).
  const file = req.file?.buffer;
  req.file = undefined;
  req.body = undefined;
  return { fields, file };
}

function isPixelLimit(err: unknown): boolean {
  return /pixel limit/i.test((err as Error)?.message ?? '');
}

/**
 * Checks the photo and makes the copy that goes on: recognised by its bytes as JPEG, PNG or WebP
 * (415 otherwise: a GIF, an SVG, a text file named .jpg), fully decoded (400 when the data ends
 * early: a truncated JPEG is one whose entropy-coded data stops before the last row, which libvips
 * reports under `failOn: 'truncated'`), turned upright by its EXIF orientation, then encoded again
 * as JPEG without any metadata: EXIF (GPS included), XMP and ICC are all left behind.
 */
export async function preparePhoto(file: Buffer | undefined): Promise<PreparedPhoto> {
  if (!file) throw Errors.validation(PHOTO_MESSAGES.missing, [{ path: PHOTO_FIELD, message: 'required' }]);
  if (file.length === 0) throw Errors.validation(PHOTO_MESSAGES.empty, [{ path: PHOTO_FIELD, message: 'empty' }]);
  if (file.length > PHOTO_MAX_BYTES) throw Errors.tooLarge(PHOTO_MESSAGES.tooLarge);
  const detected = await fileTypeFromBuffer(file);
  if (!detected || !(PHOTO_TYPES as readonly string[]).includes(detected.mime)) {
    const what = detected ? `${detected.ext.toUpperCase()} (${detected.mime})` : 'not an image we recognise';
    throw Errors.unsupportedMedia(PHOTO_MESSAGES.unsupported(what));
  }
  const sharp = await loadSharp();
  try {
    const bytes = await sharp(file, { failOn: 'truncated', limitInputPixels: MAX_PIXELS, animated: false })
      .rotate()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: false })
      .toBuffer();
    return { bytes, type: 'image/jpeg' };
  } catch (err) {
    if (isPixelLimit(err)) throw Errors.tooLarge(PHOTO_MESSAGES.tooManyPixels);
    throw Errors.validation(PHOTO_MESSAGES.damaged, [{ path: PHOTO_FIELD, message: 'incomplete or damaged' }]);
  }
}
