import { Link } from 'react-router-dom';
import { PageHeader, Section, cardClass, primaryButtonClass, secondaryButtonClass } from '../components/marketing/PageHeader';
import { COUNTERS, SITE } from '../content/site';

const TEAM = [
  {
    initials: '</>',
    role: 'Co-founder · Engineering',
    bio: 'Builds the generator, the API and everything that keeps it fast and reliable. Believes every bug is a feature that has not been explained yet.',
    gradient: 'from-violet-500 to-sky-500',
  },
  {
    initials: '✎',
    role: 'Co-founder · Content & Community',
    bio: 'Writes the videos, the courses and the lines the AI learns to beat. Runs the community and answers your messages.',
    gradient: 'from-fuchsia-500 to-amber-500',
  },
];

const VALUES = [
  { title: 'Useful first', text: 'Every feature has to save you time on real work: a launch, a profile, a campaign.' },
  { title: 'Honest by default', text: 'Clear prices, no dark patterns, and we tell you when a line came from the backup generator.' },
  { title: 'Fun on purpose', text: 'Coding humour is part of who we are. Work is better when you can laugh at it.' },
];

export default function AboutPage() {
  return (
    <>
      <PageHeader eyebrow="About us" title="Two people, one mission: better words, faster">
        {SITE.name} started as a side project between a developer and a content creator in Nakuru, Kenya who were tired of writing the same
        tagline twenty times. Today it helps thousands of people {SITE.tagline}.
      </PageHeader>

      <Section id="team" title="Meet the team" lead="We are a team of two. Small enough to read every message, stubborn enough to ship.">
        <ul className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          {TEAM.map((m) => (
            <li key={m.role} className={`${cardClass} p-7 text-center`}>
              <span
                aria-hidden="true"
                className={`mx-auto grid h-20 w-20 place-items-center rounded-full bg-gradient-to-br ${m.gradient} font-mono text-2xl font-bold text-white shadow-lg`}
              >
                {m.initials}
              </span>
              <h3 className="mt-5 text-lg font-bold text-slate-900 dark:text-white">{m.role}</h3>
              <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{m.bio}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="story-heading" className="bg-slate-50 dark:bg-slate-900/60">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2">
          <div>
            <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
              What we believe
            </h2>
            <ul className="mt-6 space-y-5">
              {VALUES.map((v) => (
                <li key={v.title}>
                  <h3 className="font-bold text-slate-900 dark:text-white">{v.title}</h3>
                  <p className="mt-1 text-slate-600 dark:text-slate-400">{v.text}</p>
                </li>
              ))}
            </ul>
          </div>
          <dl className="grid grid-cols-2 gap-4 self-center">
            {COUNTERS.map((c) => (
              <div key={c.label} className={`${cardClass} flex flex-col-reverse p-6 text-center`}>
                <dt className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-400">{c.label}</dt>
                <dd className="text-3xl font-extrabold text-violet-700 dark:text-violet-300">{c.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section>
        <div className="flex flex-col items-center gap-4 text-center">
          <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Say hello, or go make something</h2>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/generate" className={primaryButtonClass}>
              Generate Genius Lines
            </Link>
            <Link to="/contact" className={secondaryButtonClass}>
              Contact us
            </Link>
          </div>
        </div>
      </Section>
    </>
  );
}
