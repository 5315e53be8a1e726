/** The shapes of the API docs (api-examples.ts, api-fit.ts): types only, so the two never import each other. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiCall {
  method: HttpMethod;
  /** Path from the origin, e.g. /api/v1/generate */
  path: string;
  body?: Record<string, unknown>;
  /** A multipart/form-data upload instead of a JSON body: text fields and one file read from disk. */
  form?: { fields: Record<string, string>; file: { field: string; path: string } };
}

export interface FieldDoc {
  name: string;
  type: string;
  required: boolean;
}

export interface EndpointDoc {
  /** Its title and description are `apiDocs:endpoints.items.<id>`, its fields' `apiDocs:endpoints.fields.<id>.<name>`. */
  id: 'generate' | 'photo' | 'usage' | 'plans' | 'save-line';
  fields?: readonly FieldDoc[];
  request: ApiCall;
  /** A real answer of the example request (values vary; the shape is checked by the docs test). */
  response: Record<string, unknown>;
}

/** Routes of the web app (signed-in session) beside the public API, listed on the Endpoints tab. */
export interface AppRouteDoc {
  /** Its description is `apiDocs:endpoints.routes.<id>`. */
  id:
    | 'brands-list'
    | 'brands-create'
    | 'brands-replace'
    | 'brands-delete'
    | 'lines-photo'
    | 'lines-compare'
    | 'campaigns-create'
    | 'platforms'
    | 'refine'
    | 'approvals-v1-get'
    | 'approvals-create'
    | 'approvals-list'
    | 'approvals-get'
    | 'approvals-revoke'
    | 'approvals-extend'
    | 'approvals-unlock'
    | 'approvals-lines'
    | 'approvals-refine'
    | 'approvals-token'
    | 'approvals-export'
    | 'approvals-save-approved'
    | 'public-approval-get'
    | 'public-approval-decide';
  method: HttpMethod;
  path: string;
}
