import { randomBytes } from 'node:crypto';
import exifr from 'exifr';
import sharp from 'sharp';
import type { ApiResponse } from './server';

/**
 * Test photos and uploads. Every photo is made of random pixels, so any run of its bytes (or of
 * their base64) is unique to it: finding one anywhere (PostgreSQL, Redis, a log) means it was kept.
 */

/** Nairobi, as a phone's camera would record it. */
export const GPS = { latitude: -1.2864, longitude: 36.8172 };

function dms(value: number): string {
  const abs = Math.abs(value);
  const deg = Math.floor(abs);
  const min = Math.floor((abs - deg) * 60);
  const sec = Math.round(((abs - deg) * 60 - min) * 60 * 100);
  return `${deg}/1 ${min}/1 ${sec}/100`;
}

/** Random pixels (noisy enough that JPEG cannot squeeze them into repeating bytes). */
function noise(width: number, height: number) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
}

/** A JPEG as a phone takes it: an EXIF block with the camera and the GPS position of the shot. */
export async function phoneJpeg(opts: { width?: number; height?: number; quality?: number } = {}): Promise<Buffer> {
  const { width = 1600, height = 1200, quality = 80 } = opts;
  return noise(width, height)
    .jpeg({ quality })
    .withExif({
      IFD0: { Make: 'PhonyCam', Model: 'Kamera X1', Software: 'PhonyOS 4' },
      IFD3: {
        GPSLatitudeRef: GPS.latitude < 0 ? 'S' : 'N',
        GPSLatitude: dms(GPS.latitude),
        GPSLongitudeRef: GPS.longitude < 0 ? 'W' : 'E',
        GPSLongitude: dms(GPS.longitude),
      },
    })
    .toBuffer();
}

export const pngPhoto = (width = 400, height = 300) => noise(width, height).png().toBuffer();
export const webpPhoto = (width = 400, height = 300) => noise(width, height).webp().toBuffer();
export const gifImage = () => noise(64, 48).gif().toBuffer();
export const SVG_IMAGE = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const TEXT_FILE = Buffer.from('Not a photo at all, just some words saved with a .jpg name.\n'.repeat(20));

/** The GPS position in a photo's EXIF, or undefined when it has none. */
export async function gpsOf(image: Buffer): Promise<{ latitude: number; longitude: number } | undefined> {
  try {
    return (await exifr.gps(image)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Does a JPEG carry an APP1 (EXIF or XMP) segment? Walks the markers up to the start of scan. */
export function hasApp1(jpeg: Buffer): boolean {
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    if (marker === 0xda) return false;
    if (marker === 0xe1) return true;
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  return false;
}

/** Pieces of a photo to look for elsewhere: runs of its raw bytes, of its base64 and of its hex, from its middle. */
export interface PhotoPrint {
  raw: Buffer[];
  base64: string[];
  hex: string[];
}

export function fingerprint(photo: Buffer): PhotoPrint {
  const at = [0.3, 0.5, 0.7].map((f) => Math.floor(photo.length * f));
  const raw = at.map((i) => photo.subarray(i, i + 48));
  const b64 = photo.toString('base64');
  const base64 = at.map((i) => Math.floor((i * 4) / 3 / 4) * 4).map((i) => b64.slice(i, i + 64));
  return { raw, base64, hex: raw.map((r) => r.toString('hex')) };
}

/** Is any piece of the fingerprinted photo inside `haystack` (as bytes, base64 or hex)? */
export function containsPrint(haystack: Buffer | string, print: PhotoPrint): boolean {
  const buf = typeof haystack === 'string' ? Buffer.from(haystack) : haystack;
  if (print.raw.some((r) => buf.includes(r))) return true;
  const text = buf.toString('latin1');
  const lower = text.toLowerCase();
  return print.base64.some((s) => text.includes(s)) || print.hex.some((h) => lower.includes(h));
}

export interface UploadFile {
  bytes: Buffer;
  name?: string;
  type?: string;
  field?: string;
}

/** POSTs a multipart form (fields and files) to `${baseUrl}/api${path}` with fetch's FormData. */
export async function postForm(
  baseUrl: string,
  path: string,
  opts: { files?: UploadFile[]; fields?: Record<string, string>; token?: string; headers?: Record<string, string> },
): Promise<ApiResponse> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  for (const f of opts.files ?? []) {
    form.append(f.field ?? 'image', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'image/jpeg' }), f.name ?? 'photo.jpg');
  }
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${baseUrl}/api${path}`, { method: 'POST', body: form, headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}
