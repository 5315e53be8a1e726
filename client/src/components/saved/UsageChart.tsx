import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { UsageAnalyticsDto } from '@gl/core/types';
import { useTheme } from '../../lib/theme';

function shortDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return d.toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** Generations per day over the last 30 days (recharts; loaded only for plans with analytics). */
export default function UsageChart({ days }: { days: UsageAnalyticsDto['days'] }) {
  const { theme } = useTheme();
  const axis = theme === 'dark' ? '#94a3b8' : '#475569';
  const grid = theme === 'dark' ? '#1e293b' : '#e2e8f0';
  const data = days.map((d) => ({ ...d, label: shortDay(d.date) }));
  return (
    <div
      className="h-48 w-full"
      role="img"
      aria-label={`Generations per day, last ${days.length} days: ${days.reduce((s, d) => s + d.generations, 0)} in total`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid vertical={false} stroke={grid} />
          <XAxis
            dataKey="label"
            tick={{ fill: axis, fontSize: 11 }}
            tickLine={false}
            axisLine={false}
            interval="preserveStartEnd"
            minTickGap={24}
          />
          <YAxis allowDecimals={false} tick={{ fill: axis, fontSize: 11 }} tickLine={false} axisLine={false} />
          <Tooltip
            cursor={{ fill: theme === 'dark' ? 'rgba(139,92,246,0.12)' : 'rgba(139,92,246,0.08)' }}
            contentStyle={{
              background: theme === 'dark' ? '#0f172a' : '#ffffff',
              border: `1px solid ${grid}`,
              borderRadius: 8,
              color: theme === 'dark' ? '#f1f5f9' : '#0f172a',
              fontSize: 12,
            }}
            formatter={(v) => [v, 'Generations']}
          />
          <Bar dataKey="generations" fill="#8b5cf6" radius={[4, 4, 0, 0]} maxBarSize={18} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
