import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '../../platform/theme';
import UsageChart, { labelIndexes, valueTicks, type DayCount } from './UsageChart';

const DAYS: DayCount[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-03-${String(i + 1).padStart(2, '0')}`,
  generations: i % 3 === 0 ? i : 0,
}));

describe('UsageChart', () => {
  // jsdom lays nothing out: the chart's box is given the width a phone card has.
  const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth');
  beforeEach(() => Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 320 }));
  afterEach(() => {
    if (original) Object.defineProperty(HTMLElement.prototype, 'clientWidth', original);
  });

  it('draws one bar per day with generations, a whole-number axis, and names the total for screen readers', () => {
    const { container } = render(
      <ThemeProvider>
        <UsageChart days={DAYS} />
      </ThemeProvider>,
    );
    const total = DAYS.reduce((s, d) => s + d.generations, 0);
    expect(screen.getByRole('img', { name: `Generations per day, last 30 days: ${total} in total` })).toBeInTheDocument();
    const bars = container.querySelectorAll('.usage-bar');
    expect([...bars].map((b) => b.getAttribute('data-date'))).toEqual(DAYS.filter((d) => d.generations > 0).map((d) => d.date));
    const labels = [...container.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(labels).toEqual(expect.arrayContaining(['0', '10', '20', '30']));
    // Every day, with its count, in the table beside the picture.
    const table = screen.getByRole('table', { name: 'Generations per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('row', { name: /27$/ })).toBeInTheDocument();
  });

  it("shows a day's count under the pointer (or a tap)", () => {
    const { container } = render(
      <ThemeProvider>
        <UsageChart days={DAYS} />
      </ThemeProvider>,
    );
    const svg = container.querySelector('svg')!;
    // 320 px wide, 32 px of axis on the left, 8 on the right: 280 / 30 px per day; the middle of the 4th day.
    fireEvent.mouseMove(svg, { clientX: 32 + 3.5 * (280 / 30) });
    const tip = screen.getByTestId('usage-tooltip');
    expect(tip).toHaveTextContent('Mar 4');
    expect(tip).toHaveTextContent('Generations: 3');
    fireEvent.mouseLeave(svg);
    expect(screen.queryByTestId('usage-tooltip')).toBeNull();
  });

  it('ticks and labels', () => {
    expect(valueTicks(0)).toEqual([0, 1]);
    expect(valueTicks(3)).toEqual([0, 1, 2, 3]);
    expect(valueTicks(27)).toEqual([0, 10, 20, 30]);
    expect(valueTicks(130)).toEqual([0, 50, 100, 150]);
    // 30 days on a phone: the first and the last day, and others with room between them.
    const picked = labelIndexes(30, 9.3, 56);
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(29);
    for (let i = 1; i < picked.length; i++) expect((picked[i]! - picked[i - 1]!) * 9.3).toBeGreaterThanOrEqual(56);
  });
});
