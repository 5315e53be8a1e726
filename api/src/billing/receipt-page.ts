import { formatMinor, getPlan, type ReceiptDto, type UiLanguage } from '@gl/core';
import { DEFAULT_TIME_ZONE, formatDate, localDay } from '@gl/core/server';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** M-Pesa's confirmation code (how Kenyans reconcile) and the payment's own account number, when there are. */
function mpesaRows(r: ReceiptDto, codeLabel: string, accountLabel: string): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  if (r.mpesaReceipt) rows.push([codeLabel, r.mpesaReceipt]);
  if (r.accountNumber) rows.push([accountLabel, r.accountNumber]);
  return rows;
}

/** The receipt in Kiswahili (docs/glossary-sw.md), money and dates through Intl (sw-KE). */
const PLAN_NAMES_SW: Record<string, string> = { free: 'Bure', pro: 'Pro', business: 'Biashara' };
function rowsSw(r: ReceiptDto, timeZone: string): Array<[string, string]> {
  const m = (minor: number) => formatMinor(minor, r.currency);
  const d = (iso: string | null) => (iso ? formatDate(new Date(iso), { language: 'sw', timeZone }) : '—');
  return [
    ['Nambari ya risiti', r.number],
    ['Tarehe', d(r.issuedAt)],
    ['Imetolewa kwa', `${r.customerName} <${r.customerEmail}>`],
    ['Mpango', `${PLAN_NAMES_SW[r.planId] ?? getPlan(r.planId).name}, unaotozwa ${r.interval === 'year' ? 'kwa mwaka' : 'kwa mwezi'}`],
    ['Kipindi', `${d(r.periodStart)} hadi ${d(r.periodEnd)}`],
    ['Njia ya malipo', r.method === 'mpesa' ? 'M-Pesa' : 'PayPal'],
    ...mpesaRows(r, 'Msimbo wa uthibitisho wa M-Pesa', 'Nambari ya akaunti'),
    ...(r.credit > 0 ? ([['Salio la siku ambazo hazikutumika', m(r.credit)]] as Array<[string, string]>) : []),
    ['Kiasi kilicholipwa', m(r.amount)],
  ];
}
const WORDS = {
  en: { title: 'Receipt', thanks: 'Thank you for your payment.' },
  sw: { title: 'Risiti', thanks: 'Asante kwa malipo yako.' },
};

/** A clean printable receipt page (no scripts, inline styles only, prints on one A4 page), in the account's language. */
export function receiptPage(r: ReceiptDto, lang: UiLanguage = 'en', timeZone: string = DEFAULT_TIME_ZONE): string {
  // Dates are the customer's own days (their time zone).
  const day = (iso: string | null) => (iso ? localDay(new Date(iso), timeZone) : '—');
  const plan = getPlan(r.planId).name;
  const w = WORDS[lang];
  const rows: Array<[string, string]> =
    lang === 'sw'
      ? rowsSw(r, timeZone)
      : [
          ['Receipt number', r.number],
          ['Date', day(r.issuedAt)],
          ['Billed to', `${r.customerName} <${r.customerEmail}>`],
          ['Plan', `${plan}, billed ${r.interval === 'year' ? 'yearly' : 'monthly'}`],
          ['Period', `${day(r.periodStart)} to ${day(r.periodEnd)}`],
          ['Paid with', r.method === 'mpesa' ? 'M-Pesa' : 'PayPal'],
          ...mpesaRows(r, 'M-Pesa confirmation code', 'Account number'),
          ...(r.credit > 0 ? ([['Credit for unused days', formatMinor(r.credit, r.currency)]] as Array<[string, string]>) : []),
          ['Amount paid', formatMinor(r.amount, r.currency)],
        ];
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${w.title} ${escapeHtml(r.number)} · Genius Lines</title>
<style>
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#111;margin:0;padding:24px;background:#fff}
main{max-width:640px;margin:0 auto}h1{font-size:1.5rem;margin:0 0 4px}p.brand{margin:0 0 24px;color:#444}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:10px 8px;border-bottom:1px solid #ddd;vertical-align:top;overflow-wrap:anywhere}
th{width:40%;font-weight:600;color:#333}tr:last-child td,tr:last-child th{font-size:1.1rem;font-weight:700;border-bottom:2px solid #111}
@media print{body{padding:0}}
</style></head>
<body><main>
<h1>${w.title}</h1><p class="brand">Genius Lines</p>
<table>${rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${w.thanks}</p>
</main></body></html>`;
}
