import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { measureLine } from './measure-line';
import LineCounter from './LineCounter';

describe('measureLine', () => {
  it('is null when neither a platform nor Max chars applies', () => {
    expect(measureLine('Any length at all', { category: 'taglines' })).toBeNull();
  });

  it('counts as the platform counts, against the smallest of platform, Max chars and category', () => {
    // Graphemes: a flag and a skin-toned thumb count once each.
    expect(measureLine('Karibu 🇰🇪👍🏽', { platform: 'google_ads_headline', category: 'taglines' })).toEqual({
      count: 9,
      limit: 30,
      over: false,
    });
    // X weighs an emoji 2; the tagline category keeps to 80, below the X post's 280.
    expect(measureLine('Hi 👋', { platform: 'x_post', category: 'taglines' })).toMatchObject({ count: 5, limit: 80 });
    expect(measureLine('Hi 👋', { platform: 'x_post', category: 'bios', maxChars: 40 })).toMatchObject({ limit: 40 });
    // Max chars alone: graphemes.
    expect(measureLine('x'.repeat(45), { maxChars: 40, category: 'bios' })).toEqual({ count: 45, limit: 40, over: true });
  });

  it('SMS: an extension character counts 2; one outside GSM-7 cuts the segment to 70 and is named', () => {
    expect(measureLine('Pay 5€', { platform: 'sms', category: 'adlines' })).toEqual({ count: 7, limit: 140, over: false });
    const curly = measureLine('It’s fresh', { platform: 'sms', category: 'adlines' });
    expect(curly).toEqual({ count: 10, limit: 70, over: false, nonGsm: { char: '’', segment: 70 } });
    expect(measureLine(`${'a'.repeat(70)}😀`, { platform: 'sms', category: 'adlines' })).toMatchObject({
      count: 72,
      limit: 70,
      over: true,
      nonGsm: { char: '😀' },
    });
  });
});

describe('<LineCounter/>', () => {
  it('shows count / limit, quietly while the line fits', () => {
    render(<LineCounter fit={{ count: 15, limit: 30, over: false }} />);
    const counter = screen.getByTestId('line-counter');
    expect(counter).toHaveTextContent('15 / 30 characters');
    expect(counter).not.toHaveAttribute('data-over');
    expect(counter.querySelector('.text-rose-700')).toBeNull();
  });

  it('past the limit: red, and a screen reader hears by how much', () => {
    render(<LineCounter fit={{ count: 35, limit: 30, over: true }} />);
    const counter = screen.getByTestId('line-counter');
    expect(counter).toHaveAttribute('data-over', 'true');
    expect(counter.querySelector('.text-rose-700')).toHaveTextContent('35 / 30');
    expect(counter).toHaveTextContent('35 / 30 characters, 5 over the limit');
  });

  it('SMS: says which character made one SMS hold 70', () => {
    render(<LineCounter fit={{ count: 10, limit: 70, over: false, nonGsm: { char: '’', segment: 70 } }} />);
    expect(screen.getByTestId('sms-segment-note')).toHaveTextContent('“’” is not in the SMS alphabet, so one SMS holds 70 characters.');
  });
});
