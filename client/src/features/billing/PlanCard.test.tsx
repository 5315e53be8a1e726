import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { getPlan } from '@gl/core/types';
import PlanCard from './PlanCard';
import PricingFaq from './PricingFaq';
import { switchLanguage } from '../../platform/i18n/i18n';
import { renderAt } from '../../test/app-harness';

afterEach(() => switchLanguage('en'));

const card = (id: 'pro' | 'business') => (
  <PlanCard plan={getPlan(id)} interval="month" buttonLabel="Choose" current={false} onChoose={() => undefined} />
);

describe("the pricing page shows each plan's daily budget of campaign lines", () => {
  it('in English, from the plan limits', async () => {
    renderAt(card('pro'));
    expect(await screen.findByText(`Campaigns: up to ${getPlan('pro').limits.campaignLinesPerDay} lines a day`)).toBeInTheDocument();
    renderAt(card('business'));
    expect(await screen.findByText(`Campaigns: up to ${getPlan('business').limits.campaignLinesPerDay} lines a day`)).toBeInTheDocument();
    renderAt(<PricingFaq />);
    expect(screen.getByText(/up to 2 campaigns being written at a time/)).toBeInTheDocument();
  });

  it('in Kiswahili', async () => {
    await switchLanguage('sw');
    renderAt(card('pro'));
    expect(await screen.findByText(`Kampeni: hadi mistari ${getPlan('pro').limits.campaignLinesPerDay} kwa siku`)).toBeInTheDocument();
    renderAt(<PricingFaq />);
    expect(
      screen.getByText(new RegExp(`hadi mistari ${getPlan('pro').limits.campaignLinesPerDay} kwa siku kwenye Pro`)),
    ).toBeInTheDocument();
  });
});
