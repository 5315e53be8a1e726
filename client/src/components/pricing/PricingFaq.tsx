export const FAQ = [
  {
    q: 'Can I change my plan later?',
    a: 'Yes. Upgrade or go back to Free whenever you like; plan changes take effect immediately.',
  },
  {
    q: 'Which payment methods do you accept?',
    a: 'PayPal (card or PayPal balance) and M-Pesa mobile money. Prices are in US dollars; M-Pesa is charged in Kenyan shillings.',
  },
  {
    q: 'Is there a money-back guarantee?',
    a: 'Yes. Every paid plan comes with a 30-day money-back guarantee. If Genius Lines is not for you, contact us for a full refund.',
  },
  {
    q: 'What happens when I reach the free daily limit?',
    a: 'The Free plan includes 10 generations per day and the counter resets daily. Pro and Business have unlimited generations.',
  },
] as const;

export default function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
      <h2 id="faq-heading" className="text-center text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Frequently asked questions
      </h2>
      <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900/60">
        {FAQ.map((item) => (
          <details key={item.q} className="group px-5 py-4 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-medium text-slate-900 dark:text-white">
              {item.q}
              <span aria-hidden="true" className="text-xl leading-none text-slate-500 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-sm leading-relaxed text-slate-600 dark:text-slate-400">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
