/** Plain bounds and rules of the contract, without zod: the client imports them through @gl/core/types. */
/** A topic: a brief of up to 300 characters (DESIGN §18), on every route that takes one. */
export const TOPIC_MAX = 300;
export const PROMPT_MAX = 200;
export const COUNT_MIN = 1;
export const COUNT_MAX = 10;
export const COUNT_DEFAULT = 4;
/** Refined lines one generation may gather (POST /lines/generations/:id/refine); past it, 409. */
export const REFINEMENTS_MAX = 10;
/** The most lines a generation holds: its count plus its refinements. */
export const GENERATION_LINES_MAX = COUNT_MAX + REFINEMENTS_MAX;
export const SAVED_TEXT_MAX = 500;
export const TEAM_NAME_MAX = 80;
/** An e-mail address (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** A person's name (sign-up, profile, contact form). */
export const NAME_MAX = 100;
/** A new password. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** A password typed to confirm an action (older accounts may have longer ones than PASSWORD_MAX). */
export const CURRENT_PASSWORD_MAX = 1024;
/** The word typed to confirm deleting an account, the same in every language (`deleteAccountBody.confirm`, which the server checks). */
export const DELETE_ACCOUNT_WORD = 'DELETE';
/** An API key's name. */
export const API_KEY_NAME_MAX = 60;
/** Every API key starts with this (`gl_...`), so a key is recognisable in a config file or a leak scan. */
export const API_KEY_PREFIX = 'gl_';

export const CONTACT_SUBJECTS = [
  'General Inquiry',
  'Technical Support',
  'Feature Request',
  'Bug Report',
  'Partnership',
  'Media Inquiry',
  'Other',
] as const;
export const CONTACT_MESSAGE_MAX = 5000;

/** An 8-4-4-4-12 hex id, any case (looser than uuidSchema, which also checks the version bits). */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** The e-mail rule, deliberately loose: non-space text, an @, then a domain with a dot. */
export const SPEC_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

/** A campaign: 1-14 days × 1-4 platforms, one line each. */
export const CAMPAIGN_DAYS_MIN = 1;
export const CAMPAIGN_DAYS_MAX = 14;
export const CAMPAIGN_PLATFORMS_MIN = 1;
export const CAMPAIGN_PLATFORMS_MAX = 4;
/** Campaigns one account may have being written at once (each line is a generation in the queue); the next waits. */
export const CAMPAIGNS_RUNNING_MAX = 2;

/** Outgoing webhook events (Business plan), in the order the api-docs page lists them. */
export const WEBHOOK_EVENT_TYPES = ['generation.completed', 'line.saved', 'campaign.completed', 'approval.decided'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Every webhook signing secret starts with this (Standard Webhooks: `whsec_` + base64). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2000;
/** Endpoints one account may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** Endpoints added plus secrets rotated per account per hour (each resolves a host and e-mails the owner). */
export const WEBHOOK_CHANGES_PER_HOUR = 30;
/** An M-Pesa phone number as typed (07…, +254 7…, with spaces): its length bounds before normalising. */
export const PHONE_MIN = 10;
export const PHONE_MAX = 20;
/** The smallest "max chars" a generation may ask for. */
export const MAX_CHARS_MIN = 10;
/** A library search's length. */
export const SAVED_SEARCH_MAX = 200;
