import type { UiLanguage } from '@gl/core';
import { emailJob, Errors, newsletterRepository } from '@gl/core/server';
import type { ApiContext } from '../api-context';
import { sha256 } from '../accounts';

/** Newsletter subscriptions: subscribe (welcome e-mail on the `email` queue) and unsubscribe by link. */
export class NewsletterService {
  constructor(private readonly ctx: ApiContext) {}

  /** Stored once (a repeat answers exactly the same, with no second row). */
  async subscribe(email: string, language?: UiLanguage): Promise<{ subscribed: true }> {
    const { ctx } = this;
    const { subscriber, created } = await newsletterRepository.subscribe(ctx.db, email, ctx.links.base, language);
    // A repeat re-enqueues a welcome still pending (the job id makes that a no-op if it is queued).
    if (created || subscriber.welcomeStatus === 'pending') {
      // The subscription is stored; the reconciler enqueues the welcome once Redis is back.
      await ctx.jobs.tryEnqueue(
        emailJob,
        { kind: 'newsletter-welcome', subscriberId: subscriber.id },
        { log: { subscriberId: subscriber.id } },
      );
    }
    return { subscribed: true as const };
  }

  /** Idempotent: repeating answers the same; a token that matches no subscriber is 400. */
  async unsubscribe(token: string | undefined): Promise<{ unsubscribed: true }> {
    if (!token) throw Errors.invalidToken('This unsubscribe link is not valid.');
    const done = await newsletterRepository.unsubscribeByToken(this.ctx.db, sha256(token));
    if (!done) throw Errors.invalidToken('This unsubscribe link is not valid.');
    return { unsubscribed: true as const };
  }
}
