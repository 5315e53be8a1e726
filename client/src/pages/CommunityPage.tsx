import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { EventCard } from '../components/community/EventCard';
import { TierCard } from '../components/community/TierCard';
import { IconTile } from '../components/marketing/MarketingIcon';
import { PageHeader, Section, cardClass } from '../components/marketing/PageHeader';
import { useSimulatedAction } from '../components/marketing/use-simulated-action';
import { BUILD_TIME, useHydrated } from '../lib/hydration';
import { JOIN_MS, JOINED_NOTICE_MS, PERKS, REGISTER_MS, TIERS, upcomingEvents } from '../content/community';

export default function CommunityPage() {
  // Dated from the build while the prerendered HTML hydrates, from today right after.
  const hydrated = useHydrated();
  const events = useMemo(() => upcomingEvents(hydrated ? new Date() : BUILD_TIME), [hydrated]);
  const join = useSimulatedAction(JOIN_MS, JOINED_NOTICE_MS);
  const register = useSimulatedAction(REGISTER_MS);

  return (
    <>
      <PageHeader eyebrow="Join our network" title="The Genius Lines Community">
        Developers and creators who learn in public, ship side projects and still find time to laugh at their own bugs.
      </PageHeader>

      <Section id="perks" title="Why join?" lead="Everything members get, from day one.">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PERKS.map((p) => (
            <li key={p.title} className={`${cardClass} p-6`}>
              <IconTile name={p.icon} />
              <h3 className="mt-4 font-bold text-slate-900 dark:text-white">{p.title}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{p.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="membership" title="Membership" lead="Pick the level of support that fits. Cancel any time." className="pt-0">
        <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          {TIERS.map((t) => (
            <TierCard key={t.id} tier={t} status={join.statusOf(t.id)} onJoin={() => join.run(t.id)} />
          ))}
        </div>
      </Section>

      <Section id="events" title="Upcoming Events" lead="Live, hands-on and small enough to ask questions." className="pt-0">
        <div className="grid gap-6 md:grid-cols-3">
          {events.map((e) => (
            <EventCard key={e.id} event={e} status={register.statusOf(e.id)} onRegister={() => register.run(e.id)} />
          ))}
        </div>
      </Section>

      <section aria-labelledby="community-cta" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-violet-700 via-violet-700 to-fuchsia-700 px-6 py-12 text-center text-white shadow-xl sm:px-12">
          <h2 id="community-cta" className="text-3xl font-extrabold tracking-tight">
            Ready to code, create and laugh with us?
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-violet-100">
            Start with the free generator today, then join the community when you want company on the journey.
          </p>
          <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/generate"
              className="inline-flex items-center justify-center rounded-xl bg-white px-6 py-3 font-semibold text-violet-800 shadow transition hover:bg-violet-50"
            >
              Generate Genius Lines
            </Link>
            <a
              href="#membership"
              className="inline-flex items-center justify-center rounded-xl border border-white/50 bg-white/10 px-6 py-3 font-semibold text-white transition hover:bg-white/20"
            >
              See membership
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
