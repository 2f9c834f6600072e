import { FOUNDATIONS, SKILL_TREE_LAYOUT, type SkillDiscipline } from '@lifequest/proto';
import { Brain, Coins, Crown, HeartPulse, Lock, type LucideIcon, Sparkles } from 'lucide-react';
import { Tooltip } from 'radix-ui';
import { type KeyboardEvent, type MouseEvent, type SVGProps, useLayoutEffect, useRef } from 'react';
import { foundationName } from '../foundations/foundationText.ts';
import { foundationTheme } from '../foundations/foundationTheme.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { TooltipProvider } from '../ui/TooltipProvider.tsx';
import {
  LOCKED_LINE,
  levelLabel,
  nodeRadius,
  prerequisiteLines,
  STATUS_LABELS,
  UNLOCKED_LINE,
} from './skillTreeDrawing.ts';
import type { SkillTreeNode } from './types.ts';

const GOLD = '#f5c451';
const NIGHT = '#0b1020';
/** The surface of the card the graph sits on (--color-surface). */
const CARD = '#141a2e';

const icons: Record<SkillDiscipline, LucideIcon> = {
  Finance: Coins,
  Health: HeartPulse,
  Intelligence: Brain,
  Spirit: Sparkles,
  All: Crown,
};

function colourOf(discipline: SkillDiscipline): string {
  return discipline === 'All' ? GOLD : foundationTheme[discipline].hex;
}

interface NodeProps {
  node: SkillTreeNode;
  selected: boolean;
  onSelect: (id: string) => void;
}

// The tooltip trigger hands its handlers and ref down through these extra SVG props.
type NodeShapeProps = NodeProps & Omit<SVGProps<SVGGElement>, keyof NodeProps>;

function SkillNodeShape({
  node,
  selected,
  onSelect,
  onClick,
  onKeyDown: onTriggerKeyDown,
  ...triggerProps
}: NodeShapeProps) {
  const t = useT();
  const { x, y } = node.position;
  const r = nodeRadius(node.level);
  const colour = colourOf(node.discipline);
  const locked = node.status === 'locked';
  const mastered = node.status === 'mastered';
  const Icon = locked ? Lock : icons[node.discipline];
  const iconSize = node.level >= 4 ? 36 : 26;

  function handleClick(event: MouseEvent<SVGGElement>) {
    onClick?.(event);
    onSelect(node.id);
  }

  function onKeyDown(event: KeyboardEvent<SVGGElement>) {
    onTriggerKeyDown?.(event);
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(node.id);
    }
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: SVG has no <button>; role, tabIndex and key handling make it one
    <g
      {...triggerProps}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={t('skillTree.nodeLabel', {
        title: node.title,
        level: levelLabel(t, node.level),
        status: t(STATUS_LABELS[node.status]),
        progress: node.progress,
      })}
      data-node-id={node.id}
      data-status={node.status}
      onClick={handleClick}
      onKeyDown={onKeyDown}
      className="group cursor-pointer outline-none"
    >
      {/* A generous invisible hit area keeps nodes tappable when the graph is scaled down on a phone. */}
      <circle cx={x} cy={y} r={r + 16} fill="transparent" />
      <circle
        cx={x}
        cy={y}
        r={r + 12}
        fill="none"
        stroke={GOLD}
        strokeWidth={3}
        strokeDasharray="4 4"
        className={`transition-opacity ${selected ? 'opacity-100' : 'opacity-0'} group-focus-visible:opacity-100`}
      />
      <circle cx={x} cy={y} r={r + 5} fill="none" stroke="#2f3a60" strokeWidth={4} />
      {node.progress > 0 ? (
        <circle
          cx={x}
          cy={y}
          r={r + 5}
          fill="none"
          stroke={colour}
          strokeWidth={4}
          strokeLinecap="round"
          pathLength={100}
          strokeDasharray={`${node.progress} 100`}
          transform={`rotate(-90 ${x} ${y})`}
          data-testid="progress-ring"
        />
      ) : null}
      <circle
        cx={x}
        cy={y}
        r={r}
        fill={locked ? '#1f2937' : mastered ? colour : NIGHT}
        stroke={locked ? '#4b5563' : mastered ? GOLD : colour}
        strokeWidth={mastered ? 4 : 3}
        className="transition-transform group-hover:brightness-125"
      />
      <Icon
        x={x - iconSize / 2}
        y={y - iconSize / 2}
        width={iconSize}
        height={iconSize}
        color={locked ? '#9ca3af' : mastered ? NIGHT : colour}
        aria-hidden
      />
      <text
        x={x}
        y={y + r + 24}
        textAnchor="middle"
        fill={locked ? '#b3bbd0' : '#efe8d8'}
        fontSize={node.level >= 4 ? 19 : 16}
        fontWeight={600}
        // A halo in the card's colour keeps the prerequisite line that runs behind a label from
        // striking through its words.
        stroke={CARD}
        strokeWidth={6}
        strokeLinejoin="round"
        paintOrder="stroke"
      >
        {node.title}
      </text>
    </g>
  );
}

function NodeWithTooltip(props: NodeProps) {
  const t = useT();
  // The server sends the benchmark for the twelve discipline nodes; the master node has none.
  const tooltip = props.node.benchmark;
  if (!tooltip) return <SkillNodeShape {...props} />;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <SkillNodeShape {...props} />
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 grid max-w-xs gap-2 rounded-lg border border-gold/40 bg-surface-2 p-3 text-parchment text-xs shadow-xl"
        >
          <p className="font-display text-gold text-sm">{props.node.title}</p>
          <p>
            <span className="font-semibold text-gold">{t('skillTree.accomplishment')}</span>
            {tooltip.accomplishment}
          </p>
          <p>
            <span className="font-semibold text-gold">{t('skillTree.societalContext')}</span>
            {tooltip.societalContext}
          </p>
          <p>
            <span className="font-semibold text-gold">{t('skillTree.benchmark')}</span>
            {tooltip.benchmark}
          </p>
          <Tooltip.Arrow className="fill-surface-2" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

export interface SkillGraphProps {
  nodes: readonly SkillTreeNode[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

export function SkillGraph({ nodes, selectedId, onSelect }: SkillGraphProps) {
  const t = useT();
  const locale = useLocale();
  const { width, height, columns } = SKILL_TREE_LAYOUT;
  const scroller = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // When the graph scrolls (phones), open on its middle: the master skill and the two inner
    // foundations, with something to find by swiping either way.
    const box = scroller.current;
    if (box) box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  }, []);
  return (
    <TooltipProvider>
      <figure className="m-0 w-full min-w-0 max-w-[900px]">
        <figcaption className="sr-only">{t('skillTree.caption')}</figcaption>
        {/* Squeezed to a phone's width the labels shrank to 6 px; below `sm` the graph keeps 640 px
            (labels about 11 px) and scrolls sideways inside its card instead. */}
        <p className="mb-2 text-center text-muted text-xs sm:hidden" aria-hidden>
          {t('skillTree.swipe')}
        </p>
        <div ref={scroller} className="overflow-x-auto overscroll-x-contain">
          <svg
            viewBox={`0 0 ${width} ${height}`}
            className="h-auto w-full min-w-[640px] sm:min-w-0"
            data-testid="skill-graph"
          >
            <title>{t('skillTree.graph')}</title>
            {FOUNDATIONS.map((foundation) => (
              <text
                key={foundation}
                x={columns[foundation]}
                y={24}
                textAnchor="middle"
                fill={foundationTheme[foundation].hex}
                fontSize={15}
                fontWeight={700}
                letterSpacing={2}
                aria-hidden
              >
                {foundationName(t, foundation).toLocaleUpperCase(locale)}
              </text>
            ))}
            <g aria-hidden>
              {prerequisiteLines(nodes).map((line) => {
                const style = line.unlocked ? UNLOCKED_LINE : LOCKED_LINE;
                return (
                  <line
                    key={line.key}
                    x1={line.x1}
                    y1={line.y1}
                    x2={line.x2}
                    y2={line.y2}
                    stroke={style.stroke}
                    strokeWidth={style.strokeWidth}
                    strokeDasharray={style.strokeDasharray}
                    data-line={line.key}
                    data-state={line.unlocked ? 'unlocked' : 'locked'}
                  />
                );
              })}
            </g>
            {nodes.map((node) => (
              <NodeWithTooltip
                key={node.id}
                node={node}
                selected={node.id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </svg>
        </div>
      </figure>
    </TooltipProvider>
  );
}
