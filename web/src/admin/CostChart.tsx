import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { type DailyTotal, formatCost, formatCount } from './adminStats.ts';

/** Daily cost (line, dollars) over daily tokens (bars), one point per day of the last 30. */
export default function CostChart({ days }: { days: readonly DailyTotal[] }) {
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
        tickFormatter={(date: string) => date.slice(5)}
      />
      <YAxis
        yAxisId="tokens"
        tick={{ fill: '#b3bbd0', fontSize: 11 }}
        tickFormatter={(value: number) => formatCount(value)}
        width={64}
      />
      <YAxis
        yAxisId="cost"
        orientation="right"
        tick={{ fill: '#f5c451', fontSize: 11 }}
        tickFormatter={(value: number) => `$${value.toFixed(value > 0 && value < 1 ? 3 : 2)}`}
        width={56}
      />
      <Tooltip
        contentStyle={{ background: '#141a2e', border: '1px solid #2f3a60', borderRadius: 8 }}
        labelStyle={{ color: '#efe8d8' }}
        formatter={(value, name) =>
          name === 'Cost' ? formatCost(Number(value)) : formatCount(Number(value))
        }
      />
      <Legend wrapperStyle={{ color: '#b3bbd0', fontSize: 12 }} />
      <Bar
        yAxisId="tokens"
        dataKey="tokens"
        name="Tokens"
        fill="#38bdf8"
        radius={[3, 3, 0, 0]}
        isAnimationActive={false}
      />
      <Line
        yAxisId="cost"
        dataKey="cost"
        name="Cost"
        stroke="#f5c451"
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}
