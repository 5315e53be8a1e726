import { describe, expectTypeOf, it } from 'vitest';
import type { ApiAnswer } from './api-responses';
import type { BrandListDto, BrandResultDto } from '../brands/brands.contract';
import type { DeletedDto } from '../platform/contract/common';
import type { BillingQuoteDto } from '../billing/billing-lifecycle.contract';
import type { CurrentTeamDto, CurrentTeamOrNoneDto, TeamLinesPageDto, TeamLineSavedDto } from '../teams/teams.contract';
import type { GenerationResultDto } from '../lines/lines.contract';

describe('ApiAnswer: a path answers its route contract Dto', () => {
  it('a literal path is its route', () => {
    expectTypeOf<ApiAnswer<'GET', '/brands'>>().toEqualTypeOf<BrandListDto>();
    expectTypeOf<ApiAnswer<'POST', '/teams'>>().toEqualTypeOf<CurrentTeamDto>();
  });

  it('a path with ids fills the route params, per method', () => {
    expectTypeOf<ApiAnswer<'GET', `/brands/${string}`>>().toEqualTypeOf<BrandResultDto>();
    expectTypeOf<ApiAnswer<'DELETE', `/brands/${string}`>>().toEqualTypeOf<DeletedDto>();
    expectTypeOf<ApiAnswer<'GET', `/lines/generations/${string}`>>().toEqualTypeOf<GenerationResultDto>();
    expectTypeOf<ApiAnswer<'GET', `/teams/${string}/lines`>>().toEqualTypeOf<TeamLinesPageDto>();
    expectTypeOf<ApiAnswer<'POST', `/teams/${string}/lines`>>().toEqualTypeOf<TeamLineSavedDto>();
  });

  it('a fixed segment wins over a param, and a query is not part of the path', () => {
    expectTypeOf<ApiAnswer<'GET', '/teams/current'>>().toEqualTypeOf<CurrentTeamOrNoneDto>();
    expectTypeOf<ApiAnswer<'GET', `/billing/quote?planId=${string}`>>().toEqualTypeOf<BillingQuoteDto>();
  });

  it('a path no route has answers unknown', () => {
    expectTypeOf<ApiAnswer<'GET', '/nothing/here'>>().toEqualTypeOf<unknown>();
    expectTypeOf<ApiAnswer<'PATCH', '/brands'>>().toEqualTypeOf<unknown>();
  });
});
