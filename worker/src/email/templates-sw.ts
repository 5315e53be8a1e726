import { DEFAULT_TIME_ZONE, formatTimeFor } from '@gl/core/server';
import { escapeHtml, oneLine } from './escape';
import type { AccountMail, Mail } from './mail';

/**
 * The Kiswahili e-mails (docs/glossary-sw.md: everyday Kenyan Kiswahili, the reader as *wewe*),
 * laid out like the English ones in templates.ts.
 */

export const ACCOUNT_SUBJECTS_SW: Record<AccountMail['template'], string> = {
  'password-reset': 'Badilisha nenosiri lako la Genius Lines',
  'email-verification': 'Thibitisha barua pepe yako',
  'email-change': 'Thibitisha barua pepe yako mpya',
  'email-change-notice': 'Barua pepe ya akaunti yako ya Genius Lines inabadilishwa',
  'account-deleted': 'Akaunti yako ya Genius Lines imefutwa',
  'webhook-disabled': 'Webhook yako ya Genius Lines imezimwa',
  'webhook-created': 'Anwani ya webhook imeongezwa kwenye akaunti yako ya Genius Lines',
  'webhook-secret-rotated': 'Siri ya kusaini ya webhook yako ya Genius Lines imebadilishwa',
};

const untilSw = (mail: AccountMail) => (mail.validUntil ? ` (hadi ${mail.validUntil})` : '');

export function accountParagraphsSw(mail: AccountMail): { lines: string[]; button?: string } {
  const hello = mail.name ? `Habari ${oneLine(mail.name)},` : 'Habari,';
  switch (mail.template) {
    case 'password-reset':
      return {
        lines: [
          hello,
          'Mtu fulani (tunatumaini ni wewe) ameomba kubadilisha nenosiri la akaunti yako ya Genius Lines. Fungua kiungo hiki uchague nenosiri jipya:',
          `Kiungo hiki kinafanya kazi mara moja tu, kwa muda wa ${mail.validFor}${untilSw(mail)}. Kama hukuomba, puuza barua pepe hii: nenosiri lako halitabadilika.`,
        ],
        button: 'Chagua nenosiri jipya',
      };
    case 'email-verification':
      return {
        lines: [
          hello,
          'Tafadhali thibitisha kwamba barua pepe hii ni yako kwa kufungua kiungo hiki:',
          `Kiungo kinafanya kazi mara moja tu, kwa muda wa ${mail.validFor}${untilSw(mail)}.`,
        ],
        button: 'Thibitisha barua pepe yangu',
      };
    case 'email-change':
      return {
        lines: [
          hello,
          'Umeomba kutumia barua pepe hii kwenye akaunti yako ya Genius Lines. Fungua kiungo hiki uithibitishe:',
          `Hadi utakapoithibitisha, akaunti yako itaendelea kutumia barua pepe ya sasa. Kiungo kinafanya kazi mara moja tu, kwa muda wa ${mail.validFor}${untilSw(mail)}.`,
        ],
        button: 'Thibitisha barua pepe yangu mpya',
      };
    case 'email-change-notice':
      return {
        lines: [
          hello,
          `Mtu fulani ameomba kubadilisha barua pepe ya akaunti yako ya Genius Lines iwe ${mail.newEmail}. Mabadiliko yatafanyika tu pale kiungo kilichotumwa kwa barua pepe hiyo kitakapofunguliwa.`,
          `Kama si wewe, ingia sasa hivi ubadilishe nenosiri lako: ${mail.appUrl}/account`,
        ],
      };
    case 'account-deleted':
      return {
        lines: [
          hello,
          'Akaunti yako ya Genius Lines imefutwa, pamoja na mistari iliyohifadhiwa, mistari uliyotunga na funguo zako za API. Kumbukumbu za malipo zinabaki kwa ajili ya hesabu, bila jina lako wala barua pepe yako.',
          `Karibu tena wakati wowote: ${mail.appUrl}`,
        ],
      };
    case 'webhook-disabled':
      return {
        lines: [
          hello,
          `Kila jaribio la kutuma matukio kwa webhook yako ${oneLine(mail.webhookUrl ?? '')} limeshindwa kwa zaidi ya saa 24, kwa hivyo tumeacha kutuma matukio kwake.`,
          `Webhook ikianza kujibu tena (kwa hali ya 2xx), badilisha siri yake kwenye ukurasa wa nyaraka za API ili uiwashe tena, au uifute: ${mail.appUrl}/api-docs#webhooks`,
        ],
      };
    case 'webhook-created':
      return {
        lines: [
          hello,
          `Anwani ya webhook imeongezwa kwenye akaunti yako ya Genius Lines: ${oneLine(mail.webhookUrl ?? '')}. Inapokea mistari uliyohifadhi, mistari uliyotunga na kampeni zako zinapotokea.`,
          `Kama si wewe, ifute na ubadilishe nenosiri lako sasa hivi. Anwani zako: ${mail.appUrl}/api-docs#webhooks`,
        ],
      };
    case 'webhook-secret-rotated':
      return {
        lines: [
          hello,
          `Siri ya kusaini ya webhook yako ${oneLine(mail.webhookUrl ?? '')} imebadilishwa; ile ya zamani haifanyi kazi tena. Kama anwani ilikuwa imezimwa, imewashwa tena.`,
          `Kama si wewe, futa anwani hiyo na ubadilishe nenosiri lako sasa hivi. Anwani zako: ${mail.appUrl}/api-docs#webhooks`,
        ],
      };
  }
}

type NewsletterWelcome = Extract<Mail, { kind: 'newsletter-welcome' }>;
type TeamInvitation = Extract<Mail, { kind: 'team-invitation' }>;

export function newsletterWelcomeSw(mail: NewsletterWelcome, publicUrl?: string) {
  const unsubscribe = mail.unsubscribe;
  const about =
    'Tutakujulisha kuhusu aina mpya, mitindo mipya na huduma mpya za kutunga kaulimbiu, wasifu, maelezo ya picha, nukuu, kauli mbiu na matangazo mafupi.';
  const text =
    'Asante kwa kujiunga na jarida la Genius Lines!\n\n' +
    about +
    (publicUrl ? `\n\nKaribu tena wakati wowote: ${publicUrl}` : '') +
    (unsubscribe
      ? `\n\nHutaki kupokea barua pepe hizi? Jiondoe: ${unsubscribe.pageUrl}`
      : '\n\nHukujiunga wewe? Jibu barua pepe hii nasi tutaondoa anwani yako.');
  const html =
    '<p>Asante kwa kujiunga na jarida la <strong>Genius Lines</strong>!</p>' +
    `<p>${about}</p>` +
    (publicUrl ? `<p><a href="${escapeHtml(publicUrl)}">Fungua Genius Lines</a></p>` : '') +
    (unsubscribe
      ? `<p style="font-size:12px;color:#666">Hutaki kupokea barua pepe hizi? <a href="${escapeHtml(unsubscribe.pageUrl)}">Jiondoe</a></p>`
      : '<p>Hukujiunga wewe? Jibu barua pepe hii nasi tutaondoa anwani yako.</p>');
  return { subject: 'Karibu Genius Lines', text, html };
}

export function teamInvitationSw(mail: TeamInvitation) {
  const role = mail.role === 'admin' ? 'msimamizi' : 'mwanachama';
  const until = formatTimeFor(mail.expiresAt, { language: 'sw', timeZone: mail.timeZone ?? DEFAULT_TIME_ZONE });
  const text =
    `${oneLine(mail.inviterName)} amekualika ujiunge na timu "${oneLine(mail.teamName)}" kwenye Genius Lines kama ${role}.\n\n` +
    `Jiunge na timu: ${mail.link}\n\n` +
    `Kiungo kinafanya kazi mara moja tu, hadi ${until}. Ingia (au jisajili) kwa barua pepe hii ili ukubali mwaliko.\n\n` +
    'Hukutarajia mwaliko huu? Puuza barua pepe hii: hakuna kitakachotokea usipofungua kiungo.';
  const html =
    `<p>${escapeHtml(mail.inviterName)} amekualika ujiunge na timu <strong>${escapeHtml(mail.teamName)}</strong> kwenye Genius Lines kama ${role}.</p>` +
    `<p><a href="${escapeHtml(mail.link)}">Jiunge na timu</a></p>` +
    `<p>Kiungo kinafanya kazi mara moja tu, hadi ${escapeHtml(until)}. Ingia (au jisajili) kwa barua pepe hii ili ukubali mwaliko.</p>` +
    '<p>Hukutarajia mwaliko huu? Puuza barua pepe hii: hakuna kitakachotokea usipofungua kiungo.</p>';
  return { subject: oneLine(`Jiunge na ${mail.teamName} kwenye Genius Lines`).slice(0, 200), text, html };
}
