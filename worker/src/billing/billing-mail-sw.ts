import { formatMinor, getPlan, type PlanId } from '@gl/core';
import { DEFAULT_TIME_ZONE, formatDate, readServerMessage } from '@gl/core/server';
import type { BillingMailInput } from './billing-mail-input';

/** The billing e-mails in Kiswahili: money and dates through Intl (sw-KE), plan names from the glossary. */

/** Why the customer left a PayPal subscription. */
const LEFT_BECAUSE_SW: Record<string, string> = {
  upgrade: 'umehamia mpango wa juu zaidi',
  downgrade: 'umechagua mpango wa chini zaidi kuanzia mwisho wa kipindi chako cha sasa',
  free: 'umehamia mpango wa Bure',
  replaced: 'umelipia mpango wako kwa njia nyingine',
  refunded: 'malipo yake yalirejeshwa',
  ended: 'mpango wako uliisha bila kuhuishwa',
};
const PLAN_NAMES_SW: Record<string, string> = { free: 'Bure', pro: 'Pro', business: 'Biashara' };

const planName = (id: string) => {
  if (PLAN_NAMES_SW[id]) return PLAN_NAMES_SW[id];
  try {
    return getPlan(id as PlanId).name;
  } catch {
    return id;
  }
};
const money = formatMinor;

export function composeBillingMailSw(input: BillingMailInput): { subject: string; lines: string[] } {
  const { notice, payment } = input;
  const billing = input.publicUrl ? `${input.publicUrl.replace(/\/+$/, '')}/billing` : undefined;
  const manage = billing ? [`Simamia mpango wako: ${billing}`] : [];
  const hello = `Habari ${input.name},`;
  // The recipient's own calendar day (their time zone).
  const day = (d: Date | null | undefined) => (d ? formatDate(d, { language: 'sw', timeZone: input.timeZone ?? DEFAULT_TIME_ZONE }) : '');
  switch (notice.kind) {
    case 'receipt': {
      const p = payment!;
      const voided = (p.providerPayload as { creditVoided?: { credit?: number } } | null)?.creditVoided;
      return {
        subject: `Risiti yako ya Genius Lines ${p.receiptNumber}`,
        lines: [
          hello,
          `Asante kwa malipo yako. Risiti ${p.receiptNumber}:`,
          `Mpango wa ${planName(p.planId)}, unaotozwa ${p.interval === 'year' ? 'kwa mwaka' : 'kwa mwezi'}: ${money(p.amountMinor, p.currency)}` +
            (p.creditMinor > 0 ? ` (baada ya kutoa salio la ${money(p.creditMinor, p.currency)})` : ''),
          `Umelipa kwa ${p.provider === 'mpesa' ? 'M-Pesa' : 'PayPal'} tarehe ${day(p.completedAt)}, kwa kipindi cha ${day(p.periodStart)} hadi ${day(p.periodEnd)}.`,
          ...(p.mpesaReceipt ? [`Msimbo wa uthibitisho wa M-Pesa: ${p.mpesaReceipt}`] : []),
          ...(p.accountNumber && p.provider === 'mpesa' ? [`Nambari ya akaunti: ${p.accountNumber}`] : []),
          ...(voided
            ? [
                `Bei ya malipo haya ilihesabiwa kwa kutoa salio la kupandisha daraja la ${money(voided.credit ?? 0, p.currency)} ambalo malipo ya awali yalikuwa yameshalitumia, kwa hivyo yanalipia sehemu tu ya kipindi inayolingana na kiasi chake (tarehe zilizo hapo juu).`,
              ]
            : []),
          ...manage,
        ],
      };
    }
    case 'refund': {
      const p = payment!;
      const reversal = input.refund?.kind === 'reversal';
      return {
        subject: reversal ? 'Malipo yako ya Genius Lines yamebatilishwa' : 'Umerejeshewa pesa za malipo yako ya Genius Lines',
        lines: [
          hello,
          (input.refund?.message &&
            readServerMessage(input.refund.message, { language: 'sw', timeZone: input.timeZone ?? DEFAULT_TIME_ZONE })) ||
            `Umerejeshewa ${money(input.refund?.amountMinor ?? p.refundedMinor, p.currency)} za malipo yako ya mpango wa ${planName(p.planId)}.`,
          ...(p.receiptNumber ? [`Yalikuwa malipo ya risiti ${p.receiptNumber}.`] : []),
          ...manage,
        ],
      };
    }
    case 'paypal-cancelled': {
      const c = input.cancellation;
      return {
        subject: 'Usajili wako wa PayPal kwa Genius Lines umeghairiwa',
        lines: [
          hello,
          `Tumeghairi usajili wako wa PayPal ${c?.providerSubscriptionId ?? ''} wa mpango wa ${planName(c?.planId ?? 'pro')} kwenye PayPal, kwa sababu ${LEFT_BECAUSE_SW[c?.reason ?? 'replaced'] ?? LEFT_BECAUSE_SW.replaced}. PayPal haitakutoza tena kwa usajili huo.`,
          'PayPal ikikutoza hata hivyo, tutakurejeshea pesa zote za malipo hayo.',
          ...manage,
        ],
      };
    }
    case 'paypal-cancel-failed': {
      const c = input.cancellation;
      return {
        subject: 'Tafadhali ghairi usajili wako wa Genius Lines kwenye PayPal',
        lines: [
          hello,
          `Umeacha mpango wako wa ${planName(c?.planId ?? 'pro')}, lakini hatukuweza kughairi usajili wake wa PayPal ${c?.providerSubscriptionId ?? ''} kwenye PayPal, kwa hivyo huenda PayPal ikakutoza tena.`,
          'Tafadhali ughairi kwenye akaunti yako ya PayPal (Settings, kisha Payments, kisha Manage automatic payments), au ujaribu tena kutoka kwenye ukurasa wako wa Malipo. PayPal ikikutoza, tutakurejeshea pesa zote za malipo hayo.',
          ...manage,
        ],
      };
    }
    case 'reminder-7':
    case 'reminder-1': {
      const days = notice.kind === 'reminder-7' ? 'siku 7' : 'siku 1';
      return {
        subject: `Mpango wako wa Genius Lines unaisha baada ya ${days}`,
        lines: [
          hello,
          `Mpango wako unaisha tarehe ${day(notice.periodEnd)} (baada ya ${days}) na hauhuishwi kiotomatiki.`,
          'Lipia mwezi au mwaka mwingine kabla ya tarehe hiyo ili uendelee na mpango wako bila kupoteza hata siku moja; baada ya tarehe hiyo akaunti yako itahamia mpango wa Bure.',
          ...manage,
        ],
      };
    }
    case 'expired':
      return {
        subject: 'Mpango wako wa Genius Lines umeisha',
        lines: [
          hello,
          `Mpango wako uliisha tarehe ${day(notice.periodEnd)} na sasa akaunti yako iko kwenye mpango wa Bure. Mistari yako iliyohifadhiwa bado ipo.`,
          'Unaweza kuchagua mpango tena wakati wowote.',
          ...manage,
        ],
      };
    default:
      return {
        subject: 'Malipo yako ya Genius Lines hayakufaulu',
        lines: [
          hello,
          'PayPal haikuweza kukusanya malipo yako ya hivi karibuni ya usajili. Tafadhali angalia njia yako ya malipo kwenye PayPal; PayPal itajaribu tena.',
          'Mpango wako utaendelea kufanya kazi hadi mwisho wa kipindi ulichokwisha kulipia.',
          ...manage,
        ],
      };
  }
}
