import { useTranslation } from 'react-i18next';
import { SITE, SOCIAL_LINKS } from '../site';
import { cardClass } from '../../../ui/PageHeader';
import { IconTile, type MarketingIconName } from '../MarketingIcon';
import { SocialIcon } from '../SocialIcon';
import { TickList } from '../TickList';

const INFO = [
  { icon: 'mail', key: 'email', value: SITE.email, href: `mailto:${SITE.email}` },
  { icon: 'chat', key: 'liveChat' },
  { icon: 'pin', key: 'location', value: SITE.location },
  { icon: 'clock', key: 'responseTime' },
] as const satisfies ReadonlyArray<{ icon: MarketingIconName; key: string; value?: string; href?: string }>;

const TIPS = ['bugs', 'api', 'billing', 'partners'] as const;
const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The contact-information card: e-mail, live chat 24/7, Nakuru KE, answers within 24 hours. */
export function ContactInfo() {
  const { t } = useTranslation('contact');
  return (
    <section aria-labelledby="contact-info-heading" className={`${cardClass} p-6`}>
      <h2 id="contact-info-heading" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('info.title')}
      </h2>
      <ul className="mt-5 space-y-4">
        {INFO.map((item) => (
          <li key={item.key} className="flex items-start gap-3">
            <IconTile name={item.icon} size="sm" />
            <div>
              <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{t(`info.${item.key}`)}</p>
              <p className="font-semibold text-slate-900 dark:text-slate-100">
                {'href' in item ? (
                  <a
                    href={item.href}
                    className="rounded underline-offset-2 hover:text-violet-700 hover:underline dark:hover:text-violet-300"
                  >
                    {item.value}
                  </a>
                ) : 'value' in item ? (
                  item.value
                ) : (
                  t(`info.${item.key}Value`)
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
  const { t } = useTranslation('contact');
  return (
    <section aria-labelledby="follow-us-heading" className={`${cardClass} p-6`}>
      <h2 id="follow-us-heading" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('follow.title')}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3">
        {SOCIAL_LINKS.map((s) => (
          <li key={s.id}>
            <a
              href={s.href}
              {...(s.id === 'email' ? {} : NEW_TAB)}
              className="flex items-center gap-2 rounded-xl border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-700 transition hover:border-violet-300 hover:text-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-500 dark:border-slate-700 dark:text-slate-200 dark:hover:text-violet-300"
            >
              <SocialIcon id={s.id} className="h-4 w-4 shrink-0" />
              {t(`follow.${s.id}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function QuickTips() {
  const { t } = useTranslation('contact');
  return (
    <section
      aria-labelledby="quick-tips-heading"
      className="rounded-2xl border border-violet-200 bg-violet-50 p-6 dark:border-violet-500/30 dark:bg-violet-500/10"
    >
      <h2 id="quick-tips-heading" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('tips.title')}
      </h2>
      <TickList
        items={TIPS.map((tip) => t(`tips.${tip}`))}
        className="mt-3 space-y-2 text-sm text-slate-700 dark:text-slate-300"
        tickClassName="text-violet-600 dark:text-violet-300"
      />
    </section>
  );
}
