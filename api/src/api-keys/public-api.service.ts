import type { Request } from 'express';
import {
  API_KEY_PREFIX,
  type Plan,
  type SavedLinesPageDto,
  type UsageSummary,
  type V1GenerateResultDto,
  type V1SaveLineResultDto,
  type V1GenerateBody,
  type V1SaveLineBody,
  type V1UsageDto,
  type mcpListSavedLinesInput,
} from '@gl/core';
import type { z } from 'zod';
import { Errors, decodeCursor, savedLinesRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { generateLimiters } from '../lines';
import { ApiKeysService } from './api-keys.service';
import { GenerationService, type GenerationAccepted } from '../lines';
import { PhotoService } from '../photo';
import type { PhotoForm } from '../photo';
import { saveLine } from '../library';

/** Who calls the public API: the owner of a Business API key. */
export interface ApiCaller {
  userId: string;
  apiKeyId: string;
  plan: Plan;
  ip: string | null;
}

/** The public API's usage block: remaining and total (the daily limit; -1 = unlimited), plus detail. */
export function v1Usage(usage: UsageSummary): V1UsageDto {
  return {
    remaining: usage.remaining,
    total: usage.limit,
    used: usage.dailyGenerations,
    monthlyGenerations: usage.monthlyGenerations,
    planId: usage.planId,
    resetsAt: usage.resetsAt,
  };
}

/**
 * What an API key may do, shared by /api/v1 and the MCP server so both keep the same plan rules,
 * quotas, limits and answers: authenticate the key, generate and wait, read usage, save a line,
 * list saved lines.
 */
export class PublicApiService {
  readonly keys: ApiKeysService;
  readonly generations: GenerationService;
  private readonly photos: PhotoService;
  private readonly limits: ReturnType<typeof generateLimiters>;

  constructor(private readonly ctx: ApiContext) {
    this.keys = new ApiKeysService(ctx);
    this.generations = new GenerationService(ctx);
    this.photos = new PhotoService(ctx, this.generations);
    this.limits = generateLimiters(ctx);
  }

  /** 401 without a key or with an unknown or revoked one; 403 PLAN_REQUIRED when the owner's plan has no API access. */
  async authenticate(token: string | undefined, req: Pick<Request, 'ip'>): Promise<ApiCaller> {
    if (!token) throw Errors.unauthenticated(`API key required: send Authorization: Bearer ${API_KEY_PREFIX}...`);
    const { userId, apiKeyId, plan } = await this.keys.authenticate(token);
    return { userId, apiKeyId, plan, ip: req.ip ?? null };
  }

  private requester(caller: ApiCaller) {
    return { userId: caller.userId, apiKeyId: caller.apiKeyId, ip: caller.ip, plan: caller.plan };
  }

  /** Before a generation's input is read: the queue is up, and the rate limits count it (malformed or not). */
  async admitGeneration(caller: ApiCaller): Promise<void> {
    this.generations.ensureQueueReady();
    await this.limits.consume(this.requester(caller));
  }

  /** Generates (counted like any generation) and waits up to V1_WAIT_TIMEOUT_MS for the lines. */
  async generate(caller: ApiCaller, body: V1GenerateBody): Promise<Omit<V1GenerateResultDto, 'success'>> {
    return this.linesOf(caller, await this.generations.create(this.requester(caller), body));
  }

  /** From a photo (read by `readPhotoForm`): counted like any generation; waits like `generate`. */
  async photo(
    caller: ApiCaller,
    form: PhotoForm,
    fields: Parameters<PhotoService['create']>[2],
  ): Promise<Omit<V1GenerateResultDto, 'success'>> {
    return this.linesOf(caller, await this.photos.create(this.requester(caller), form, fields));
  }

  /** Waits up to V1_WAIT_TIMEOUT_MS for an accepted generation's lines (504 then; 502 when it failed). */
  private async linesOf(caller: ApiCaller, accepted: GenerationAccepted): Promise<Omit<V1GenerateResultDto, 'success'>> {
    const id = accepted.generation.id;
    const row = await this.generations.waitForResult(id, this.ctx.config.V1_WAIT_TIMEOUT_MS);
    if (!row) {
      throw Errors.timeout('The generation is taking longer than expected. Please try again.', { id });
    }
    if (row.status !== 'completed' || !row.source) throw Errors.provider(row.error ?? 'The generation failed. Please try again.');
    return { id, lines: row.lines, source: row.source as V1GenerateResultDto['source'], usage: await this.usage(caller) };
  }

  async usage(caller: ApiCaller): Promise<V1UsageDto> {
    return v1Usage(await this.generations.quota.summary({ userId: caller.userId }, caller.plan));
  }

  /** 201-worthy when new (`alreadySaved` false); the same text again answers the saved line. */
  async saveLine(caller: ApiCaller, body: V1SaveLineBody): Promise<Omit<V1SaveLineResultDto, 'success'>> {
    const { savedLine, created } = await saveLine(this.ctx, { userId: caller.userId, ...body });
    return { savedLine, alreadySaved: !created };
  }

  async listSavedLines(caller: ApiCaller, query: z.infer<typeof mcpListSavedLinesInput>): Promise<SavedLinesPageDto> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (query.cursor && !cursor) throw Errors.validation('cursor: Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
    return savedLinesRepository.list(this.ctx.db, {
      userId: caller.userId,
      search: query.search || undefined,
      category: query.category && query.category !== 'all' ? query.category : undefined,
      limit: query.limit,
      cursor,
    });
  }
}
