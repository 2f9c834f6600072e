import type { DisciplineMastery } from '@lifequest/proto';
import { Pie, PieChart, Tooltip } from 'recharts';
import { foundationTheme } from '../foundations/foundationTheme.ts';

export function GoalDistributionChart({ mastery }: { mastery: readonly DisciplineMastery[] }) {
  const data = mastery
    .filter((entry) => entry.goalCount > 0)
    .map((entry) => ({
      name: entry.discipline,
      value: entry.goalCount,
      fill: foundationTheme[entry.discipline].hex,
    }));
  return (
    <PieChart responsive accessibilityLayer={false} style={{ width: '100%', maxWidth: 280, aspectRatio: 1 }}>
      <Pie
        data={data}
        dataKey="value"
        nameKey="name"
        innerRadius="55%"
        outerRadius="90%"
        stroke="#0b1020"
        // The stroke parts neighbouring slices; a lone slice would show it as a seam at 3 o'clock.
        strokeWidth={data.length > 1 ? 3 : 0}
        isAnimationActive={false}
        rootTabIndex={-1}
      />
      <Tooltip
        contentStyle={{ background: '#141a2e', border: '1px solid #2f3a60', borderRadius: 8 }}
        itemStyle={{ color: '#efe8d8' }}
      />
    </PieChart>
  );
}
