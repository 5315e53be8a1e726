import { SITE, SOCIAL_LINKS } from '../../content/site';
import { cardClass } from '../marketing/PageHeader';
import { IconTile, type MarketingIconName } from '../marketing/MarketingIcon';
import { SocialIcon } from '../marketing/SocialIcon';

const INFO = [
  { icon: 'mail', label: 'Email', value: SITE.email, href: `mailto:${SITE.email}` },
  { icon: 'chat', label: 'Live Chat', value: SITE.liveChat },
  { icon: 'pin', label: 'Location', value: SITE.location },
  { icon: 'clock', label: 'Response Time', value: SITE.responseTime },
] as const satisfies ReadonlyArray<{ icon: MarketingIconName; label: string; value: string; href?: string }>;

const TIPS = [
  'For bugs, include the page, what you clicked and what you expected to happen.',
  'Technical Support questions about the API: add the request you sent (never your API key).',
  'Billing questions: mention the e-mail on your account and the payment method (PayPal or M-Pesa).',
  'Partnerships and media: a short intro and a link to your work helps us reply faster.',
];

/** The contact-information card: e-mail, live chat 24/7, Nakuru KE, answers within 24 hours. */
export function ContactInfo() {
  return (
    <section aria-labelledby="contact-info-heading" className={`${cardClass} p-6`}>
      <h2 id="contact-info-heading" className="text-lg font-bold text-slate-900 dark:text-white">
        Contact Information
      </h2>
      <ul className="mt-5 space-y-4">
        {INFO.map((item) => (
          <li key={item.label} className="flex items-start gap-3">
            <IconTile name={item.icon} size="sm" />
            <div>
              <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{item.label}</p>
              <p className="font-semibold text-slate-900 dark:text-slate-100">
                {'href' in item ? (
                  <a
                    href={item.href}
                    className="rounded underline-offset-2 hover:text-violet-700 hover:underline dark:hover:text-violet-300"
                  >
                    {item.value}
                  </a>
                ) : (
                  item.value
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Follow-us links: code host, video site, a social network, e-mail. */
export function FollowUs() {
  return (
    <section aria-labelledby="follow-us-heading" className={`${cardClass} p-6`}>
      <h2 id="follow-us-heading" className="text-lg font-bold text-slate-900 dark:text-white">
        Follow Us
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3">
        {SOCIAL_LINKS.map((s) => (
          <li key={s.id}>
            <a
              href={s.href}
              {...(s.id === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-700 transition hover:border-violet-300 hover:text-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-700 dark:text-slate-200 dark:hover:text-violet-300"
            >
              <SocialIcon id={s.id} className="h-4 w-4 shrink-0" />
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function QuickTips() {
  return (
    <section
      aria-labelledby="quick-tips-heading"
      className="rounded-2xl border border-violet-200 bg-violet-50 p-6 dark:border-violet-500/30 dark:bg-violet-500/10"
    >
      <h2 id="quick-tips-heading" className="text-lg font-bold text-slate-900 dark:text-white">
        Quick Tips
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300">
        {TIPS.map((t) => (
          <li key={t} className="flex gap-2">
            <span aria-hidden="true" className="text-violet-600 dark:text-violet-300">
              ✓
            </span>
            {t}
          </li>
        ))}
      </ul>
    </section>
  );
}
