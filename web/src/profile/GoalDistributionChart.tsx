import type { DisciplineMastery } from '@lifequest/proto';
import { foundationTheme } from '../foundations/foundationTheme.ts';
import { donutArcs } from './donut.ts';

const RADIUS = 40;
const RING_WIDTH = 16;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * Goals per discipline as a donut. Drawn as plain SVG circles, one dashed stroke per discipline: it
 * needs no measuring of its box, so it is there from the first paint, at any width, and a single
 * discipline draws the whole ring. (A measured chart library left the area blank after the page had
 * settled.)
 */
export function GoalDistributionChart({ mastery }: { mastery: readonly DisciplineMastery[] }) {
  const arcs = donutArcs(
    mastery.map((entry) => ({
      name: entry.discipline,
      value: entry.goalCount,
      color: foundationTheme[entry.discipline].hex,
    })),
    CIRCUMFERENCE,
    1.2,
  );
  return (
    <svg
      viewBox="0 0 100 100"
      className="aspect-square w-full max-w-[180px] sm:max-w-[280px]"
      data-testid="distribution-chart"
      aria-hidden
    >
      <circle cx="50" cy="50" r={RADIUS} fill="none" stroke="#0b1020" strokeWidth={RING_WIDTH} />
      {/* Rotated so the first arc starts at 12 o'clock and they run clockwise. */}
      <g transform="rotate(-90 50 50)">
        {arcs.map((arc) => (
          <circle
            key={arc.name}
            cx="50"
            cy="50"
            r={RADIUS}
            fill="none"
            stroke={arc.color}
            strokeWidth={RING_WIDTH}
            strokeDasharray={`${arc.length} ${CIRCUMFERENCE - arc.length}`}
            strokeDashoffset={-arc.start}
            data-slice={arc.name}
          >
            <title>{`${arc.name}: ${Math.round(arc.share * 100)}%`}</title>
          </circle>
        ))}
      </g>
    </svg>
  );
}
