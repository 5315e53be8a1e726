import { useTranslation } from 'react-i18next';
import type { PlatformId } from '@gl/core/types';
import { intlLocale } from '../../platform/i18n/i18n';
import { useLineFit } from './use-line-fit';
import type { PlatformFit } from './platform-fit';

type Family = 'instagram' | 'x' | 'google' | 'sms' | 'plain';

function familyOf(platform: PlatformId | null): Family {
  if (platform === 'instagram_caption' || platform === 'instagram_bio') return 'instagram';
  if (platform === 'x_post' || platform === 'x_bio') return 'x';
  if (platform === 'google_ads_headline' || platform === 'google_ads_description') return 'google';
  if (platform === 'sms') return 'sms';
  return 'plain';
}

/** "54 / 160 · 1 SMS", "92 / 280 (weighted)": the count as the platform counts it. */
function FitLine({ fit, platform }: { fit: PlatformFit | null; platform: PlatformId | null }) {
  const { t } = useTranslation('approvals');
  if (!fit) return <p className="mt-2 h-5" aria-hidden="true" />;
  const n = (v: number) => new Intl.NumberFormat(intlLocale()).format(v);
  let text: string;
  if (fit.sms) {
    text = t(fit.sms.encoding === 'gsm7' ? 'fit.sms' : 'fit.smsUnicode', { count: fit.sms.segments, chars: n(fit.count) });
  } else if (fit.limit > 0) {
    text = t(platform === 'x_post' || platform === 'x_bio' ? 'fit.weighted' : 'fit.limit', {
      count: fit.count,
      n: n(fit.count),
      limit: n(fit.limit),
    });
  } else {
    text = t('fit.chars', { count: fit.count, n: n(fit.count) });
  }
  return (
    <p
      className={`mt-2 text-xs font-medium ${fit.over ? 'text-rose-700 dark:text-rose-300' : 'text-slate-600 dark:text-slate-400'}`}
      data-testid="line-fit"
    >
      {text}
      {fit.over && !fit.sms ? ` · ${t('fit.over')}` : ''}
    </p>
  );
}

/** The line as it will appear where it is posted: an Instagram caption, an X post, a Google ad, an SMS. */
export default function LinePreview({ text, platform }: { text: string; platform: PlatformId | null }) {
  const { t } = useTranslation('approvals');
  const fit = useLineFit(text, platform);
  const family = familyOf(platform);
  const label = platform ? t(`platform.${platform}`) : t('platform.none');
  const body = <p className="whitespace-pre-wrap break-words text-base text-slate-900 dark:text-slate-100">{text}</p>;
  return (
    <figure className="min-w-0" data-platform={platform ?? 'none'}>
      <figcaption className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{label}</figcaption>
      {family === 'instagram' && (
        <div className="overflow-hidden rounded-xl border border-slate-200 dark:border-slate-700">
          <div className="flex items-center gap-2 px-3 py-2">
            <span aria-hidden="true" className="h-7 w-7 rounded-full bg-gradient-to-tr from-amber-400 via-rose-500 to-fuchsia-600" />
            <span className="h-2.5 w-24 rounded bg-slate-200 dark:bg-slate-700" aria-hidden="true" />
          </div>
          {platform === 'instagram_caption' && (
            <div aria-hidden="true" className="h-24 bg-gradient-to-br from-slate-100 to-slate-200 dark:from-slate-800 dark:to-slate-700" />
          )}
          <div className="px-3 py-2.5">{body}</div>
        </div>
      )}
      {family === 'x' && (
        <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <div className="mb-2 flex items-center gap-2" aria-hidden="true">
            <span className="h-8 w-8 rounded-full bg-slate-300 dark:bg-slate-600" />
            <span className="h-2.5 w-20 rounded bg-slate-200 dark:bg-slate-700" />
          </div>
          {body}
        </div>
      )}
      {family === 'google' && (
        <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">
          <p className="text-xs font-semibold text-slate-900 dark:text-slate-100">{t('preview.sponsored')}</p>
          {platform === 'google_ads_headline' ? (
            <p className="mt-1 break-words text-lg leading-snug text-blue-800 dark:text-blue-300">{text}</p>
          ) : (
            <>
              <p aria-hidden="true" className="mt-1 h-3 w-2/3 rounded bg-blue-200 dark:bg-blue-900" />
              <p className="mt-2 break-words text-sm text-slate-700 dark:text-slate-300">{text}</p>
            </>
          )}
        </div>
      )}
      {family === 'sms' && (
        <div className="flex">
          <div className="max-w-[85%] rounded-2xl rounded-bl-sm bg-slate-100 px-3.5 py-2.5 dark:bg-slate-800">{body}</div>
        </div>
      )}
      {family === 'plain' && <div className="rounded-xl border border-slate-200 p-3 dark:border-slate-700">{body}</div>}
      <FitLine fit={fit} platform={platform} />
    </figure>
  );
}
