import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ApiDocsPage from './ApiDocsPage';
import { switchLanguage } from '../../platform/i18n/i18n';
import { renderAt, resetBrowserState } from '../../test/app-harness';

beforeEach(async () => {
  resetBrowserState();
  await switchLanguage('sw');
});
afterEach(() => switchLanguage('en'));

describe('/api-docs in Kiswahili', () => {
  it('the header, the tabs and the prose speak Kiswahili; code, paths and field names stay as they are', async () => {
    const user = userEvent.setup();
    renderAt(<ApiDocsPage />, { route: '/api-docs', path: '/api-docs' });

    expect(screen.getAllByRole('link', { name: 'Pata ufikiaji wa API' })[0]).toHaveAttribute('href', '/pricing');
    const tabs = screen.getByRole('tablist', { name: 'Sehemu za nyaraka za API' });
    expect(within(tabs).getByRole('tab', { name: 'Muhtasari' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Muhtasari' })).toBeInTheDocument();
    expect(screen.getByText('Kaulimbiu nne za kuchekesha kwa ombi moja:')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Nakili/ }).length).toBeGreaterThan(0);

    await user.click(within(tabs).getByRole('tab', { name: 'Uthibitishaji' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Uthibitishaji' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Weka funguo siri' })).toBeInTheDocument();
    expect(screen.getByText('GENIUS_LINES_API_KEY', { selector: 'code' })).toBeInTheDocument();

    await user.click(within(tabs).getByRole('tab', { name: 'Endpoints' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Tunga mistari kutoka kwa picha' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Hitilafu' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Maana' })).toBeInTheDocument();
    // A field's description, with its limit interpolated and the field name left as code.
    expect(screen.getAllByText(/^Maagizo yako mwenyewe, yasiyozidi herufi \d+\.$/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('lazima').length).toBeGreaterThan(0);
    expect(screen.getAllByText('/api/v1/generate').length).toBeGreaterThan(0);

    await user.click(within(tabs).getByRole('tab', { name: 'MCP' }));
    expect(await screen.findByText('Huhifadhi mstari kwenye maktaba yako (maandishi, aina, mtindo).')).toBeInTheDocument();
    expect(screen.getByText('save_line')).toBeInTheDocument();

    expect(screen.queryByText(/Generate lines|Keep keys secret|Every endpoint takes/)).not.toBeInTheDocument();
  });
});
