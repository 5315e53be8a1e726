import type { BrandListDto, DeletedDto, GenerationAcceptedDto, TeamLeftDto } from '@gl/core/types';
import { describe, expectTypeOf, it } from 'vitest';
import { api, apiUpload } from './api';

// Type-level: `npx tsc -p client` fails when one of these stops holding (the calls are never run).
function calls(id: string) {
  return {
    literal: () => api('/brands'),
    filled: () => api(`/brands/${id}`, { method: 'DELETE' }),
    withQuery: () => api(`/brands?teamId=${id}`),
    nested: () => api(`/teams/${id}/leave`, { method: 'POST' }),
    built: () => {
      const base = `/teams/${id}`;
      // @ts-expect-error a path built into a plain string first loses its answer's type: not accepted
      return api(`${base}/leave`, { method: 'POST' });
    },
    // @ts-expect-error no route has this path
    unknownRoute: () => api('/no-such-route'),
    // @ts-expect-error a route exists, but not for this method
    wrongMethod: () => api('/brands', { method: 'PATCH' }),
    upload: (form: FormData) => apiUpload('/lines/photo', form),
    uploadBuilt: (form: FormData) => {
      const path: string = '/lines/photo';
      // @ts-expect-error the upload takes the routes api() takes: a built path is not accepted
      return apiUpload(path, form);
    },
  };
}

describe('api() paths', () => {
  it('a path written in the call keeps its answer type; a built or unknown path is a compile error', () => {
    expectTypeOf(calls).toBeFunction();
    type Calls = ReturnType<typeof calls>;
    expectTypeOf<Awaited<ReturnType<Calls['literal']>>>().toEqualTypeOf<BrandListDto>();
    expectTypeOf<Awaited<ReturnType<Calls['filled']>>>().toEqualTypeOf<DeletedDto>();
    expectTypeOf<Awaited<ReturnType<Calls['withQuery']>>>().toEqualTypeOf<BrandListDto>();
    expectTypeOf<Awaited<ReturnType<Calls['nested']>>>().toEqualTypeOf<TeamLeftDto>();
    expectTypeOf<Awaited<ReturnType<Calls['upload']>>>().toEqualTypeOf<GenerationAcceptedDto>();
  });
});
