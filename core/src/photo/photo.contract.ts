import { z } from 'zod';
import { generateBody } from '../lines';
import { v1GenerateBody } from '../api-keys';

export * from './photo-limits';

/** The generate fields that are numbers: a multipart form sends every field as text. */
const NUMBER_FIELDS = new Set(['count', 'maxChars']);

/**
 * A multipart form's text fields read with a JSON body's schema: a number field that is a whole
 * number in digits becomes that number (anything else stays text, and the schema says what is
 * wrong with it), so the form gets exactly the rules and messages of the JSON body.
 */
export function formFields<S extends z.ZodType>(schema: S) {
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      out[key] = NUMBER_FIELDS.has(key) && typeof value === 'string' && /^\s*-?\d{1,6}\s*$/.test(value) ? Number(value) : value;
    }
    return out;
  }, schema);
}

/** POST /lines/photo: the generate fields, sent as form fields beside the `image` part. */
export const photoFormFields = formFields(generateBody);
/** POST /v1/photo: the fields of POST /v1/generate (tone defaults to corporate). */
export const v1PhotoFormFields = formFields(v1GenerateBody);
