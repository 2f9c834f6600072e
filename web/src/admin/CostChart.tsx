import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatIsoDay, formatMonthDay, formatUsd } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { type DailyTotal, formatCost, formatCount } from './adminStats.ts';

/** Daily cost (line, dollars) over daily tokens (bars), one point per day of the last 30. */
export default function CostChart({ days }: { days: readonly DailyTotal[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ComposedChart
      responsive
      data={[...days]}
      style={{ width: '100%', height: 280 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="#2f3a60" strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="date"
        tick={{ fill: '#b3bbd0', fontSize: 11 }}
        tickFormatter={(date: string) => formatMonthDay(date, locale)}
      />
      <YAxis
        yAxisId="tokens"
        tick={{ fill: '#b3bbd0', fontSize: 11 }}
        tickFormatter={(value: number) => formatCount(value, locale)}
        width={64}
      />
      <YAxis
        yAxisId="cost"
        orientation="right"
        tick={{ fill: '#f5c451', fontSize: 11 }}
        tickFormatter={(value: number) => formatUsd(value, locale, value > 0 && value < 1 ? 3 : 2)}
        width={56}
      />
      <Tooltip
        contentStyle={{ background: '#141a2e', border: '1px solid #2f3a60', borderRadius: 8 }}
        labelStyle={{ color: '#efe8d8' }}
        labelFormatter={(date) => formatIsoDay(String(date), locale)}
        formatter={(value, _name, item) =>
          item.dataKey === 'cost' ? formatCost(Number(value), locale) : formatCount(Number(value), locale)
        }
      />
      <Legend wrapperStyle={{ color: '#b3bbd0', fontSize: 12 }} />
      <Bar
        yAxisId="tokens"
        dataKey="tokens"
        name={t('admin.tokens')}
        fill="#38bdf8"
        radius={[3, 3, 0, 0]}
        isAnimationActive={false}
      />
      <Line
        yAxisId="cost"
        dataKey="cost"
        name={t('admin.col.cost')}
        stroke="#f5c451"
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
