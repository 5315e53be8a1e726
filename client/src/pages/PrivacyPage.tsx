import { LegalPage } from '../components/marketing/LegalPage';
import { SITE } from '../content/site';

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 2026"
      intro="What we store about you, why we store it, and who else sees it. Short and in plain words."
    >
      <section>
        <h2>What we store, and why</h2>
        <ul>
          <li>
            <strong>Your account</strong>: name, e-mail address and a one-way hash of your password (we never store the password itself). We
            need these to sign you in and to write to you about your account.
          </li>
          <li>
            <strong>Your saved lines</strong>: the text, category and tone of every line you save, so your library is there the next time
            you sign in.
          </li>
          <li>
            <strong>Your generations</strong>: what you asked for (category, tone, topic, instructions, language) and the lines that came
            back, with timings. We use them to show your history and usage, to enforce daily plan limits and to fix problems. Visitors who
            are not signed in are counted by IP address for the free daily limit.
          </li>
          <li>
            <strong>Payments</strong>: your plan, subscription dates, amounts and the status and reference of each payment made through
            PayPal or M-Pesa, including the phone number you enter for M-Pesa. Card and wallet details stay with PayPal and Safaricom; we
            never see them.
          </li>
          <li>
            <strong>Newsletter and contact messages</strong>: your e-mail address if you subscribe, and the messages you send us through the
            contact form.
          </li>
          <li>
            <strong>API keys</strong> (business plan): a hash of each key and the name you give it.
          </li>
          <li>
            <strong>In your browser</strong>: your sign-in token, your theme (light or dark) and a random visitor id, kept in local storage.
            We use no advertising or tracking cookies.
          </li>
        </ul>
      </section>
      <section>
        <h2>Who else sees it</h2>
        <p>
          To write your lines, the category, tone, topic and instructions you give are sent to our AI providers (OpenAI, and Hugging Face as
          a backup). Payments are processed by PayPal and by Safaricom M-Pesa. E-mails are sent through our e-mail provider. Each receives
          only what it needs for that job.
        </p>
        <p>
          <strong>We do not sell your data</strong>, rent it, or share it with advertisers. Ever.
        </p>
      </section>
      <section>
        <h2>How long we keep it, and your choices</h2>
        <p>
          We keep your account data while your account exists. You can delete saved lines at any time from your library. To unsubscribe from
          the newsletter, to get a copy of your data, or to delete your account and everything in it, write to{' '}
          <a href={`mailto:${SITE.email}`}>{SITE.email}</a>. Payment records are kept as long as tax law requires.
        </p>
      </section>
      <section>
        <h2>Security</h2>
        <p>
          Passwords and API keys are stored as hashes, connections are encrypted, and payment secrets stay on our servers, never in your
          browser.
        </p>
      </section>
    </LegalPage>
  );
}
