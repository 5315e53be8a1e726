import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import PrivacyPage from './PrivacyPage';
import TermsPage from './TermsPage';
import { mockApi, renderAt } from '../../../test/app-harness';

describe('privacy and terms', () => {
  it('the links of the terms carry their words (pricing page, contact us)', () => {
    mockApi({});
    renderAt(<TermsPage />);
    expect(screen.getByRole('link', { name: 'pricing page' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  it('the privacy page names the address to write to', () => {
    mockApi({});
    renderAt(<PrivacyPage />);
    expect(screen.getByRole('link', { name: 'hello@geniuslines.app' })).toHaveAttribute('href', 'mailto:hello@geniuslines.app');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
