/**
 * Each role's code, loaded only when a process runs that role; the build keeps each one a lazy
 * chunk, so a worker-only process never loads Express, Socket.IO, bull-board or argon2.
 * The single-role entries name only their own role, so their builds hold no other role's code.
 */
export interface RoleLoaders {
  api?: () => Promise<typeof import('@gl/api/role')>;
  worker?: () => Promise<typeof import('@gl/worker')>;
}

export const roles = {
  api: () => import('@gl/api/role'),
  worker: () => import('@gl/worker'),
} satisfies RoleLoaders;
