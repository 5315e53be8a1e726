import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../platform/i18n/i18n';
import type { UsageAnalyticsDto } from '@gl/core/types';
import { useTheme } from '../../platform/theme';

export type DayCount = UsageAnalyticsDto['days'][number];

export function shortDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString(intlLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Whole-number ticks from 0 to at least `max`: about four steps of 1, 2, 5, 10, 20, 50... */
export function valueTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude);
  const ticks: number[] = [];
  for (let v = 0; v < max + step; v += step) ticks.push(v);
  return ticks;
}

/** The x labels that fit: always the first and last day, others at least `gap` px apart. */
export function labelIndexes(count: number, band: number, gap: number): number[] {
  if (count === 0) return [];
  const every = Math.max(1, Math.ceil(gap / Math.max(band, 1)));
  const picked = new Set<number>([0, count - 1]);
  for (let i = every; i < count - 1; i += every) if ((count - 1 - i) * band >= gap) picked.add(i);
  return [...picked].sort((a, b) => a - b);
}

const HEIGHT = 192;
const M = { top: 8, right: 8, bottom: 22, left: 32 };
const LABEL_GAP = 56;
const MAX_BAR = 18;

/** A bar with rounded top corners (4 px), from the baseline up. */
function barPath(x: number, y: number, w: number, h: number): string {
  const r = Math.min(4, w / 2, h);
  return `M${x},${y + h}V${y + r}Q${x},${y} ${x + r},${y}H${x + w - r}Q${x + w},${y} ${x + w},${y + r}V${y + h}Z`;
}

/**
 * Generations per day over the last 30 days: a small SVG bar chart (no chart library), sized to
 * its box. Hover or a tap shows a day's count; screen readers get the total (and the days, in the
 * table beside it).
 */
export default function UsageChart({ days }: { days: DayCount[] }) {
  const { t } = useTranslation('saved');
  const { theme } = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const dark = theme === 'dark';
  const axis = dark ? '#94a3b8' : '#475569';
  const grid = dark ? '#1e293b' : '#e2e8f0';
  const total = days.reduce((s, d) => s + d.generations, 0);
  const ticks = valueTicks(Math.max(0, ...days.map((d) => d.generations)));
  const top = ticks[ticks.length - 1]!;
  const plotW = Math.max(0, width - M.left - M.right);
  const plotH = HEIGHT - M.top - M.bottom;
  const band = days.length ? plotW / days.length : 0;
  const barW = Math.min(MAX_BAR, band * 0.8);
  const yOf = (v: number) => M.top + plotH - (v / top) * plotH;
  const xOf = (i: number) => M.left + i * band;

  const pick = (e: MouseEvent<SVGSVGElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const i = Math.floor((e.clientX - rect.left - M.left) / (band || 1));
    setActive(i >= 0 && i < days.length ? i : null);
  };
  const shown = active !== null ? days[active] : undefined;
  return (
    <>
      <div ref={box} className="relative h-48 w-full" role="img" aria-label={t('analytics.chart', { days: days.length, total })}>
        {width > 0 && (
          <svg width={width} height={HEIGHT} className="block" onMouseMove={pick} onClick={pick} onMouseLeave={() => setActive(null)}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={M.left} x2={width - M.right} y1={yOf(tick)} y2={yOf(tick)} stroke={grid} />
                <text x={M.left - 8} y={yOf(tick)} dy="0.32em" textAnchor="end" fontSize={11} fill={axis}>
                  {tick}
                </text>
              </g>
            ))}
            {shown && active !== null && (
              <rect x={xOf(active)} y={M.top} width={band} height={plotH} fill={dark ? 'rgba(139,92,246,0.12)' : 'rgba(139,92,246,0.08)'} />
            )}
            {days.map((d, i) =>
              d.generations > 0 ? (
                <path
                  key={d.date}
                  className="usage-bar"
                  data-date={d.date}
                  d={barPath(xOf(i) + (band - barW) / 2, yOf(d.generations), barW, yOf(0) - yOf(d.generations))}
                  fill="#8b5cf6"
                />
              ) : null,
            )}
            {labelIndexes(days.length, band, LABEL_GAP).map((i) => (
              <text
                key={days[i]!.date}
                x={xOf(i) + band / 2}
                y={HEIGHT - 6}
                textAnchor={i === 0 ? 'start' : i === days.length - 1 ? 'end' : 'middle'}
                fontSize={11}
                fill={axis}
              >
                {shortDay(days[i]!.date)}
              </text>
            ))}
          </svg>
        )}
        {shown && active !== null && (
          <div
            className="pointer-events-none absolute top-2 rounded-lg border px-3 py-2 text-xs shadow-lg"
            style={{
              left: Math.min(Math.max(xOf(active) + band / 2 - 60, 0), Math.max(width - 120, 0)),
              background: dark ? '#0f172a' : '#ffffff',
              borderColor: grid,
              color: dark ? '#f1f5f9' : '#0f172a',
              width: 120,
            }}
            data-testid="usage-tooltip"
          >
            <p className="font-medium">{shortDay(shown.date)}</p>
            <p>{t('analytics.tooltip', { count: shown.generations })}</p>
          </div>
        )}
      </div>
      <table className="sr-only">
        <caption>{t('analytics.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('analytics.day')}</th>
            <th scope="col">{t('analytics.generations')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <td>{shortDay(d.date)}</td>
              <td>{d.generations}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
