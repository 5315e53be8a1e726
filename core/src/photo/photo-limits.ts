/**
 * Captions from a photo (DESIGN.md §15): the plain rules both sides use, without zod (the client
 * imports them through @gl/core/types).
 */

/** The multipart field that carries the photo. */
export const PHOTO_FIELD = 'image';
/** The largest photo the server accepts, in bytes (2 MB); a bigger one is 413. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** What a photo may be, recognised by its bytes (not its name or declared type). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/** The browser shrinks a photo before it goes up: its longest side at most this many pixels, as JPEG. */
export const PHOTO_MAX_SIDE = 1024;
/** ...aiming at about this many bytes (it works over slow mobile data). */
export const PHOTO_TARGET_BYTES = 150 * 1024;

export const VISION_UNAVAILABLE_MESSAGE =
  'Writing from a photo is not available right now. Describe the photo in a few words in the topic field instead, and we will write from that.';
