import type { Response } from 'express';
import {
  accountDataRepository,
  approvalsRepository,
  brandsRepository,
  Errors,
  localDay,
  teamsRepository,
  usersRepository,
  type UserRow,
} from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { toPublicUser } from './public-user';

/** One part of the export: a top-level key of the JSON file and how to read it for the user. */
export interface ExportSection {
  name: string;
  read(ctx: ApiContext, user: UserRow): Promise<unknown>;
}

/**
 * Everything stored about a user, section by section. A new kind of data is one more
 * entry here.
 * Secrets and hashes never appear: each read selects its columns explicitly.
 */
export const EXPORT_SECTIONS: ExportSection[] = [
  {
    name: 'profile',
    read: async (ctx, user) => ({
      ...(await toPublicUser(ctx, user)),
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      updatedAt: user.updatedAt.toISOString(),
    }),
  },
  { name: 'savedLines', read: (ctx, user) => accountDataRepository.savedLines(ctx.db, user.id) },
  { name: 'generations', read: (ctx, user) => accountDataRepository.generations(ctx.db, user.id) },
  { name: 'payments', read: (ctx, user) => accountDataRepository.payments(ctx.db, user.id) },
  { name: 'subscriptions', read: (ctx, user) => accountDataRepository.subscriptions(ctx.db, user.id) },
  { name: 'newsletter', read: (ctx, user) => accountDataRepository.newsletter(ctx.db, user.email) },
  { name: 'apiKeys', read: (ctx, user) => accountDataRepository.apiKeys(ctx.db, user.id) },
  { name: 'teamMemberships', read: (ctx, user) => teamsRepository.membershipsOf(ctx.db, user.id) },
  // Personal kits only: a team's kits are the team's, whoever created them.
  { name: 'brands', read: (ctx, user) => brandsRepository.personalOf(ctx.db, user.id) },
  { name: 'campaigns', read: (ctx, user) => accountDataRepository.campaigns(ctx.db, user.id) },
  // Endpoints without their signing secret; deliveries as kept (30 days after they ended).
  { name: 'webhookEndpoints', read: (ctx, user) => accountDataRepository.webhookEndpoints(ctx.db, user.id) },
  { name: 'webhookDeliveries', read: (ctx, user) => accountDataRepository.webhookDeliveries(ctx.db, user.id) },
  // The links the user created, with their lines, versions and decisions (never a token or a PIN).
  { name: 'approvalLinks', read: (ctx, user) => approvalsRepository.exportFor(ctx.db, user.id) },
];

/**
 * Streams the export as one JSON attachment, a section at a time (the whole file is never held
 * in memory at once). A failure before the first byte is an ordinary error answer.
 */
export async function streamExport(ctx: ApiContext, userId: string, res: Response, sections = EXPORT_SECTIONS): Promise<void> {
  const user = await usersRepository.findById(ctx.db, userId);
  if (!user) throw Errors.unauthenticated('Your account no longer exists. Please sign in again.');
  const first = await sections[0]!.read(ctx, user);
  // Named by the person's own day (their time zone's date), as every date they see.
  const day = localDay(new Date(), user.timeZone);
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="genius-lines-export-${day}.json"`);
  res.setHeader('Cache-Control', 'no-store');
  res.write(`{"exportedAt":${JSON.stringify(new Date().toISOString())}`);
  res.write(`,${JSON.stringify(sections[0]!.name)}:${JSON.stringify(first)}`);
  try {
    for (const section of sections.slice(1)) {
      const data = await section.read(ctx, user);
      if (!res.write(`,${JSON.stringify(section.name)}:${JSON.stringify(data)}`)) {
        await new Promise((resolve) => res.once('drain', resolve));
      }
    }
    res.end('}\n');
  } catch (err) {
    // Headers are gone: cut the stream so the download is visibly broken rather than silently partial.
    ctx.logger.error({ userId, err: (err as Error).message }, 'data export failed mid-stream');
    res.destroy(err as Error);
  }
}
