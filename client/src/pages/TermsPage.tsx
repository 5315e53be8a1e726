import { Link } from 'react-router-dom';
import { LegalPage } from '../components/marketing/LegalPage';

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 2026"
      intro="The rules for using Genius Lines, written to be read. By using the site you agree to them."
    >
      <section>
        <h2>Using Genius Lines</h2>
        <p>
          You can browse and generate lines without an account. Saving lines, buying a plan, joining the community and enrolling in courses
          need one. Keep your password and API keys to yourself; you are responsible for what is done with them.
        </p>
        <p>
          Don't use the service to produce unlawful, hateful or deceptive content, to attack or overload it, or to resell raw access to it
          outside the public API.
        </p>
      </section>
      <section>
        <h2>Your lines</h2>
        <p>
          The lines you generate are yours to use, including commercially. AI can produce text that resembles existing slogans or
          trademarks, so check important lines before you put them on a product or a billboard.
        </p>
      </section>
      <section>
        <h2>Plans and payments</h2>
        <ul>
          <li>
            Plans and their limits are described on the <Link to="/pricing">pricing page</Link>. Prices are in US dollars; M-Pesa payments
            are charged as the equivalent amount in Kenyan shillings.
          </li>
          <li>
            Plan changes take effect immediately. You can cancel at any time; a cancelled plan stays active until the end of the period you
            paid for.
          </li>
          <li>We offer a 30-day money-back guarantee: if Genius Lines isn't for you, contact us within 30 days of paying.</li>
        </ul>
      </section>
      <section>
        <h2>The API</h2>
        <p>
          API access is part of the business plan. Requests count towards your plan like any other generation and are subject to fair rate
          limits. We aim for 99.9% uptime but cannot promise the service will never be interrupted.
        </p>
      </section>
      <section>
        <h2>Liability and changes</h2>
        <p>
          The service is provided as is. To the extent the law allows, we are not liable for indirect losses arising from its use. We may
          update these terms; if a change matters, we will tell you by e-mail or on the site before it applies.
        </p>
      </section>
    </LegalPage>
  );
}
