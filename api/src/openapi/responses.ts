import { z } from 'zod';
import {
  BILLING_INTERVALS,
  CATEGORY_IDS,
  ERROR_CODES,
  GENERATION_SOURCES,
  GENERATION_STATUSES,
  PAYMENT_STATUSES,
  PLAN_IDS,
  TONES,
} from '@gl/core';

/**
 * Zod descriptions of what the API answers (the DTOs of core/src/contract), for the OpenAPI
 * document only. Request schemas are the contract's own; these describe the `data` side.
 */
const id = z.uuid();
const timestamp = z.iso.datetime({ offset: true });
const count = z.int().min(0);
const limit = z.int().min(-1).describe('-1 means unlimited');
const planId = z.enum(PLAN_IDS);
const category = z.enum(CATEGORY_IDS);
const tone = z.enum(TONES);

export const PublicUser = z.object({
  id,
  name: z.string(),
  email: z.email(),
  createdAt: timestamp,
  planId,
  isAdmin: z.boolean(),
  emailVerified: z.boolean().describe('the owner opened the verification link sent to this address'),
});
export const AuthResult = z.object({ user: PublicUser, token: z.string().describe('access token (JWT)'), refreshToken: z.string() });
export const SessionTokens = z.object({ token: z.string(), refreshToken: z.string() });
export const Sent = z.object({ sent: z.literal(true) });
export const Session = z.object({
  id,
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: timestamp,
  lastUsedAt: timestamp,
  current: z.boolean().describe('the session making this request'),
});

export const UsageSummary = z.object({
  planId,
  dailyGenerations: count,
  monthlyGenerations: count,
  limit,
  remaining: limit,
  resetsAt: timestamp,
});

export const Generation = z.object({
  id,
  status: z.enum(GENERATION_STATUSES),
  category,
  tone,
  topic: z.string().nullable(),
  count: z.int().min(1).max(10),
  language: z.string(),
  lines: z.array(z.string()),
  source: z.enum(GENERATION_SOURCES).nullable(),
  error: z.string().nullable(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});
export const GenerationAccepted = z.object({
  generation: z.object({ id, status: z.literal('pending') }),
  usage: UsageSummary,
});

export const SavedLine = z.object({ id, text: z.string(), category, tone, createdAt: timestamp, generationId: id.nullable() });
export const SavedLinesPage = z.object({
  savedLines: z.array(SavedLine),
  total: count.describe('lines matching the search and category in the whole library'),
  nextCursor: z.string().nullable().describe('pass back as `cursor` for the next page; null when there is no more'),
});
export const SavedLinesSummary = z.object({
  total: count,
  categories: z.array(z.object({ category, count })),
});
export const SaveLineResult = z.object({ savedLine: SavedLine, alreadySaved: z.boolean() });

export const PlanLimits = z.object({
  dailyGenerations: limit,
  categories: z.array(category),
  tones: z.array(tone),
  customPrompts: z.boolean(),
  bulkExport: z.boolean(),
  apiAccess: z.boolean(),
  analytics: z.boolean(),
  teamCollaboration: z.boolean(),
  teamSeats: z.number().int(),
  brandKits: count.describe('how many brand kits the plan keeps'),
  toneComparison: z.boolean(),
});
export const Plan = z.object({
  id: planId,
  name: z.string(),
  priceCents: count.describe('USD per month, in cents'),
  price: z.number().describe('USD per month'),
  interval: z.literal('month'),
  features: z.array(z.string()),
  popular: z.boolean(),
  limits: PlanLimits,
});
export const PlansList = z.object({ plans: z.array(Plan), yearlyDiscount: z.number(), currency: z.literal('USD') });

export const Subscription = z.object({
  id,
  planId,
  interval: z.enum(BILLING_INTERVALS),
  status: z.enum(['active', 'cancelled', 'expired']),
  currentPeriodEnd: timestamp.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  createdAt: timestamp,
});
export const PaymentsConfig = z.object({
  simulated: z.boolean().describe('payments are simulated (sandbox): no provider is reached'),
  paypalClientId: z.string().nullable(),
  currency: z.literal('USD'),
  paypal: z.boolean(),
  mpesa: z.boolean(),
  kesPerUsd: z.number().describe('shillings per US dollar used for M-Pesa amounts'),
});
export const Payment = z.object({
  id,
  provider: z.enum(['paypal', 'mpesa']),
  providerRef: z.string().nullable(),
  planId,
  interval: z.enum(BILLING_INTERVALS),
  amountMinor: count.describe('amount in minor units (cents, or shillings for M-Pesa)'),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  resultCode: z.string().nullable(),
  resultDesc: z.string().nullable(),
  message: z.string(),
  createdAt: timestamp,
  completedAt: timestamp.nullable(),
});

export const ApiKey = z.object({
  id,
  name: z.string(),
  prefix: z.string().describe('the first characters of the key'),
  createdAt: timestamp,
  lastUsedAt: timestamp.nullable(),
  revokedAt: timestamp.nullable(),
});
export const ApiKeyCreated = z.object({ apiKey: ApiKey, key: z.string().describe('the secret key (gl_...): shown only in this answer') });

export const V1Usage = z.object({
  remaining: limit.describe('generations left today; -1 means unlimited'),
  total: limit.describe('the daily limit; -1 means unlimited'),
  used: count,
  monthlyGenerations: count,
  planId,
  resetsAt: timestamp,
});
export const V1GenerateResult = z.object({
  success: z.literal(true),
  id,
  lines: z.array(z.string()),
  source: z.enum(GENERATION_SOURCES),
  usage: V1Usage,
});
export const V1UsageResult = z.object({ success: z.literal(true), usage: V1Usage });
export const V1PlansResult = z.object({ success: z.literal(true), plans: z.array(Plan) });
export const V1SaveLineResult = z.object({ success: z.literal(true), savedLine: SavedLine, alreadySaved: z.boolean() });

export const ErrorEnvelope = z.object({
  success: z.literal(false),
  error: z.string().describe('a message fit to show a person'),
  code: z.enum(ERROR_CODES),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const Analytics = z.object({
  days: z.array(z.object({ date: z.string(), generations: count })),
  byCategory: z.array(z.object({ category, generations: count })),
  byTone: z.array(z.object({ tone, generations: count })),
  bySource: z.array(z.object({ source: z.enum(GENERATION_SOURCES), generations: count })),
  totalGenerations: count,
  savedCount: count,
  periodDays: count,
  from: z.string(),
  to: z.string(),
});

export const Brand = z.object({
  id,
  teamId: id.nullable().describe('the team the kit is shared with (every member can use it; its owner and admins edit it); null: your own'),
  name: z.string(),
  description: z.string(),
  audience: z.string(),
  wordsToUse: z.array(z.string()),
  wordsToAvoid: z.array(z.string()).describe('no delivered line contains one of these (whole word, any case)'),
  exampleLines: z.array(z.string()),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const CompareAccepted = z.object({
  generations: z.array(z.object({ id, status: z.literal('pending'), tone })),
  usage: UsageSummary,
});
