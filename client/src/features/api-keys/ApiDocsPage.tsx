import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthenticationTab } from './AuthenticationTab';
import { DOC_TABS, DocsNav, panelId, tabId, type DocTabId } from './DocsNav';
import { EndpointsTab } from './EndpointsTab';
import { ExamplesTab } from './ExamplesTab';
import { OverviewTab } from './OverviewTab';
import { SdksTab } from './SdksTab';
import { McpTab } from './McpTab';
import { WebhooksTab } from './WebhooksTab';
import { PageHeader } from '../../ui/PageHeader';
import { OPENAPI_PATH, UPTIME } from './api-examples';
import { useHydrated } from '../../platform/hydration';

function tabFromHash(hash: string): DocTabId {
  const id = hash.replace(/^#/, '');
  return DOC_TABS.find((t) => t.id === id)?.id ?? 'overview';
}

export default function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const location = useLocation();
  const navigate = useNavigate();
  // The prerendered HTML is the overview tab with relative URLs; the tab in the hash and this
  // server's origin follow as soon as the page is hydrated.
  const hydrated = useHydrated();
  const active = tabFromHash(hydrated ? location.hash : '');
  const origin = hydrated ? window.location.origin : '';

  const select = (id: DocTabId) => navigate({ hash: id === 'overview' ? '' : id }, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader eyebrow={t('page.eyebrow')} title={t('page.title')}>
        {t('page.intro', { uptime: UPTIME })}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/pricing" className="btn-primary px-5 py-2.5">
            {t('page.getAccess')}
          </Link>
          <a href={OPENAPI_PATH} className="btn-secondary px-5 py-2.5" target="_blank" rel="noopener">
            {t('page.openapiSpec')}
          </a>
        </div>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[13rem_minmax(0,1fr)]">
        <aside>
          <DocsNav active={active} onSelect={select} />
        </aside>
        <div
          id={panelId(active)}
          role="tabpanel"
          aria-labelledby={tabId(active)}
          tabIndex={0}
          className="min-w-0 focus-visible:outline-none"
        >
          {active === 'overview' && <OverviewTab origin={origin} />}
          {active === 'authentication' && <AuthenticationTab />}
          {active === 'endpoints' && <EndpointsTab origin={origin} />}
          {active === 'examples' && <ExamplesTab origin={origin} />}
          {active === 'sdks' && <SdksTab origin={origin} />}
          {active === 'webhooks' && <WebhooksTab />}
          {active === 'mcp' && <McpTab origin={origin} />}
        </div>
      </div>
    </>
  );
}
