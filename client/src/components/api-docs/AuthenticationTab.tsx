import { API_KEY_PREFIX } from '@gl/core/types';
import { API_KEY_PLACEHOLDER } from '../../content/api-examples';
import { ApiKeysPanel } from './ApiKeysPanel';
import { CodeBlock } from './CodeBlock';
import { Inline } from './Inline';

export function AuthenticationTab() {
  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-2xl font-bold text-slate-900 dark:text-white">Authentication</h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          <Inline
            text={`Every request carries your API key as a bearer token. Keys start with \`${API_KEY_PREFIX}\` and belong to an account on the Business plan; calls count towards that account's usage and save to its library.`}
          />
        </p>
      </div>
      <CodeBlock title="Authorization header" language="http" code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`} />
      <section aria-labelledby="auth-keys" className="space-y-3">
        <h3 id="auth-keys" className="text-lg font-semibold text-slate-900 dark:text-white">
          Your API keys
        </h3>
        <ApiKeysPanel />
      </section>
      <section aria-labelledby="auth-practice">
        <h3 id="auth-practice" className="text-lg font-semibold text-slate-900 dark:text-white">
          Keep keys secret
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
          <li>Call the API from your server, never from a web page or a mobile app where the key can be read.</li>
          <li>
            <Inline text="Keep keys in an environment variable such as `GENIUS_LINES_API_KEY`, not in your code repository." />
          </li>
          <li>We store only a hash of each key. A lost key cannot be recovered: revoke it and create a new one.</li>
          <li>
            <Inline text="A missing, unknown or revoked key gets `401 UNAUTHENTICATED`; a key of an account without API access gets `403 PLAN_REQUIRED`." />
          </li>
        </ul>
      </section>
    </div>
  );
}
