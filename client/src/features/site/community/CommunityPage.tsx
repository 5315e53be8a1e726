import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EventCard } from './EventCard';
import { TierCard } from './TierCard';
import { IconTile } from '../MarketingIcon';
import { PageHeader, Section, cardClass } from '../../../ui/PageHeader';
import { useSimulatedAction } from '../use-simulated-action';
import { BUILD_TIME, useHydrated } from '../../../platform/hydration';
import { JOIN_MS, JOINED_NOTICE_MS, PERKS, REGISTER_MS, TIERS, upcomingEvents } from './community';

export default function CommunityPage() {
  // Dated from the build while the prerendered HTML hydrates, from today right after.
  const { t } = useTranslation('community');
  const hydrated = useHydrated();
  const events = useMemo(() => upcomingEvents(hydrated ? new Date() : BUILD_TIME), [hydrated]);
  const join = useSimulatedAction(JOIN_MS, JOINED_NOTICE_MS);
  const register = useSimulatedAction(REGISTER_MS);

  return (
    <>
      <PageHeader eyebrow={t('header.eyebrow')} title={t('header.title')}>
        {t('header.lead')}
      </PageHeader>

      <Section id="perks" title={t('perks.title')} lead={t('perks.lead')}>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PERKS.map((p) => (
            <li key={p.id} className={`${cardClass} p-6`}>
              <IconTile name={p.icon} />
              <h3 className="mt-4 font-bold text-slate-900 dark:text-white">{t(`perks.${p.id}.title`)}</h3>
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{t(`perks.${p.id}.description`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="membership" title={t('membership.title')} lead={t('membership.lead')} className="pt-0">
        <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          {TIERS.map((t) => (
            <TierCard key={t.id} tier={t} status={join.statusOf(t.id)} onJoin={() => join.run(t.id)} />
          ))}
        </div>
      </Section>

      <Section id="events" title={t('events.title')} lead={t('events.lead')} className="pt-0">
        <div className="grid gap-6 md:grid-cols-3">
          {events.map((e) => (
            <EventCard key={e.id} event={e} status={register.statusOf(e.id)} onRegister={() => register.run(e.id)} />
          ))}
        </div>
      </Section>

      <section aria-labelledby="community-cta" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <div className="overflow-hidden rounded-3xl bg-gradient-to-br from-violet-700 via-violet-700 to-fuchsia-700 px-6 py-12 text-center text-white shadow-xl sm:px-12">
          <h2 id="community-cta" className="text-3xl font-extrabold tracking-tight">
            {t('cta.title')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-violet-100">{t('cta.lead')}</p>
          <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/generate"
              className="inline-flex items-center justify-center rounded-xl bg-white px-6 py-3 font-semibold text-violet-800 shadow transition hover:bg-violet-50"
            >
              {t('cta.generate')}
            </Link>
            <a
              href="#membership"
              className="inline-flex items-center justify-center rounded-xl border border-white/50 bg-white/10 px-6 py-3 font-semibold text-white transition hover:bg-white/20"
            >
              {t('cta.membership')}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
