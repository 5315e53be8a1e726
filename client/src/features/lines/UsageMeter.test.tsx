import { afterEach, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../platform/i18n/i18n';
import { TEST_USER, resetBrowserState, signIn } from '../../test/app-harness';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { UsageSummary } from '@gl/core/types';
import UsageMeter, { usageMeterState } from './UsageMeter';

const usage = (used: number, limit = 10): UsageSummary => ({
  planId: limit === -1 ? 'pro' : 'free',
  dailyGenerations: used,
  monthlyGenerations: used,
  limit,
  remaining: limit === -1 ? -1 : Math.max(0, limit - used),
  resetsAt: '2026-01-02T00:00:00.000Z',
});

function renderMeter(u: UsageSummary | null, loading = false) {
  return render(
    <MemoryRouter>
      <UsageMeter usage={u} loading={loading} fallbackLimit={10} planName={u?.limit === -1 ? 'Pro' : 'Free'} />
    </MemoryRouter>,
  );
}

describe('usage meter', () => {
  it('shows loading until usage arrives', () => {
    renderMeter(null, true);
    expect(screen.getByText('Loading usage...')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows unlimited for plans with -1, without a bar or upgrade link', () => {
    renderMeter(usage(42, -1));
    expect(screen.getByTestId('usage-unlimited')).toHaveTextContent('Unlimited generations');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /upgrade/i })).not.toBeInTheDocument();
  });

  it('counts down with a normal bar above 20% remaining', () => {
    renderMeter(usage(7));
    expect(screen.getByTestId('usage-remaining')).toHaveTextContent('3 of 10 generations left today');
    const bar = screen.getByRole('progressbar', { name: 'Generations left today' });
    expect(bar).toHaveAttribute('aria-valuenow', '3');
    expect(bar.firstElementChild).toHaveAttribute('data-warning', 'false');
    expect(screen.queryByRole('link', { name: /upgrade/i })).not.toBeInTheDocument();
  });

  it('turns the bar warning-coloured at 20% or less remaining', () => {
    renderMeter(usage(8));
    expect(screen.getByRole('progressbar').firstElementChild).toHaveAttribute('data-warning', 'true');
    expect(screen.getByRole('progressbar').firstElementChild).toHaveClass('bg-amber-500');
  });

  it('shows the upgrade link to /pricing when no generation is left', () => {
    renderMeter(usage(10));
    expect(screen.getByTestId('usage-remaining')).toHaveTextContent('0 of 10 generations left today');
    expect(screen.getByRole('link', { name: 'Upgrade for unlimited' })).toHaveAttribute('href', '/pricing');
  });

  it('state machine: loading, unlimited, counting (warning at <= 20%, upgrade at 0)', () => {
    expect(usageMeterState(undefined, true, 10)).toEqual({ kind: 'loading' });
    expect(usageMeterState(usage(3, -1), false, 10)).toEqual({ kind: 'unlimited' });
    expect(usageMeterState(usage(1), false, 10)).toMatchObject({ kind: 'counting', remaining: 9, warning: false, upgradeRequired: false });
    expect(usageMeterState(usage(8), false, 10)).toMatchObject({ remaining: 2, warning: true, upgradeRequired: false });
    expect(usageMeterState(usage(12), false, 10)).toMatchObject({ remaining: 0, warning: true, upgradeRequired: true });
    // Before the server has answered (visitor, first load failed): the plan's limit, nothing used.
    expect(usageMeterState(null, false, 10)).toMatchObject({ kind: 'counting', remaining: 10, limit: 10 });
  });
});

describe('usage meter: when the day starts again', () => {
  afterEach(async () => {
    resetBrowserState();
    await switchLanguage('en');
  });

  it("shows the reset on the account's clock: 21:00 UTC is midnight in Nairobi, in Kiswahili on the 24-hour clock", async () => {
    signIn({ ...TEST_USER, timeZone: 'Africa/Nairobi' });
    await switchLanguage('sw');
    renderMeter({ ...usage(3), resetsAt: '2026-11-27T21:00:00.000Z' });
    expect(screen.getByTestId('usage-resets')).toHaveTextContent('Hesabu inaanza upya 00:00 EAT, usiku wa manane kwa saa zako.');
  });

  it('in English with the zone abbreviation (Honolulu, UTC−10)', () => {
    signIn({ ...TEST_USER, timeZone: 'Pacific/Honolulu' });
    renderMeter({ ...usage(3), resetsAt: '2026-11-28T10:00:00.000Z' });
    expect(screen.getByTestId('usage-resets').textContent).toMatch(/^Resets at 12:00\sAM HST, midnight your time\.$/);
  });
});
