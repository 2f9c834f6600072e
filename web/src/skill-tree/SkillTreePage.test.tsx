import { computeSkillTree, skillTooltip } from '@lifequest/proto';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import SkillTreePage from './SkillTreePage.tsx';
import type { SkillTreeResponse } from './types.ts';

// A hero with a finished Finance quest and a Health quest under way; nothing in Intelligence or Spirit.
// The shared rule computes it and the benchmark tooltips are added, as the quests service answers.
const computed = computeSkillTree(
  [
    {
      id: 'g1',
      title: 'Save $500 emergency fund',
      foundation: 'Finance',
      class_name: 'financial',
      is_completed: true,
    },
    { id: 'g2', title: 'Run a 5K', foundation: null, class_name: 'health', is_completed: false },
  ],
  [
    { goal_id: 'g1', is_completed: true },
    { goal_id: 'g1', is_completed: true },
    { goal_id: 'g2', is_completed: true },
    { goal_id: 'g2', is_completed: false },
  ],
);
const tree: SkillTreeResponse = {
  counters: computed.counters,
  nodes: computed.nodes.map((node) => {
    const benchmark = skillTooltip(node);
    return { ...node, prerequisites: [...node.prerequisites], ...(benchmark ? { benchmark } : {}) };
  }),
};

function renderTree(reply: Parameters<typeof mockApi>[0][string] = { body: tree }) {
  mockApi({ 'GET /api/skill-tree': reply });
  return renderWithProviders(<SkillTreePage />, { user: testUser });
}

function line(key: string): Element {
  const element = document.querySelector(`line[data-line="${key}"]`);
  if (!element) throw new Error(`no line ${key}`);
  return element;
}

function node(id: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[data-node-id="${id}"]`);
  if (!element) throw new Error(`no node ${id}`);
  return element;
}

describe('skill tree', () => {
  it('shows the loading text, then the title and counters', async () => {
    renderTree();
    expect(screen.getByText('Loading skill tree...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Skill Tree' })).toBeTruthy();
    expect(screen.getByTestId('counter-Mastered').textContent).toBe('3');
    expect(screen.getByTestId('counter-Unlocked').textContent).toBe('8');
    expect(screen.getByTestId('counter-Total Skills').textContent).toBe('13');
  });

  it('draws 13 nodes on a 900x600 graph that scales with its container', async () => {
    renderTree();
    const graph = await screen.findByTestId('skill-graph');
    expect(graph.getAttribute('viewBox')).toBe('0 0 900 600');
    // No fixed width: the viewBox scales the drawing down to a 375 px phone.
    expect(graph.getAttribute('width')).toBeNull();
    expect(graph.getAttribute('class')).toContain('w-full');
    expect(graph.querySelectorAll('[data-node-id]')).toHaveLength(13);
  });

  it('draws prerequisite lines solid green into unlocked nodes and dashed grey into locked ones', async () => {
    renderTree();
    await screen.findByTestId('skill-graph');

    const intoMastered = line('finance_level_1->finance_level_2');
    expect(intoMastered.getAttribute('stroke')).toBe('#22c55e');
    expect(intoMastered.getAttribute('stroke-dasharray')).toBeNull();

    const intoUnlocked = line('health_level_1->health_level_2');
    expect(intoUnlocked.getAttribute('stroke')).toBe('#22c55e');
    expect(intoUnlocked.getAttribute('stroke-dasharray')).toBeNull();

    const intoLocked = line('knowledge_level_1->knowledge_level_2');
    expect(intoLocked.getAttribute('stroke')).toBe('#6b7280');
    expect(intoLocked.getAttribute('stroke-dasharray')).toBe('6 6');

    // The master node waits on all four level-3 nodes and is locked here.
    for (const column of ['finance', 'health', 'knowledge', 'spirit']) {
      expect(line(`${column}_level_3->master_hero`).getAttribute('data-state')).toBe('locked');
    }
  });

  it("reads 'Select a Skill' until a node is chosen, then shows its details", async () => {
    renderTree();
    await screen.findByTestId('skill-graph');
    expect(screen.getByText('Select a Skill')).toBeTruthy();
    expect(screen.getByText('Click on any skill node to see detailed information and progress')).toBeTruthy();

    fireEvent.click(node('finance_level_2'));
    const panel = screen.getByTestId('skill-detail');
    expect(within(panel).getByRole('heading', { name: 'Treasure Guardian' })).toBeTruthy();
    expect(within(panel).getByText('Level 2')).toBeTruthy();
    expect(within(panel).getByTestId('skill-status').textContent).toBe('Mastered');
    expect(within(panel).getByText('100%')).toBeTruthy();
    expect(within(panel).getByText('300 XP')).toBeTruthy();
    expect(within(panel).getByText('Coin Keeper').closest('li')?.getAttribute('data-mastered')).toBe('true');
    // A completed related goal is struck through.
    expect(within(panel).getByText('Save $500 emergency fund').tagName).toBe('S');
  });

  it('shows Unlocked and Locked badges, unmet prerequisites and the empty related-goals text', async () => {
    renderTree();
    await screen.findByTestId('skill-graph');

    fireEvent.click(node('health_level_1'));
    expect(screen.getByTestId('skill-status').textContent).toBe('Unlocked');
    expect(screen.getByText('Run a 5K').tagName).toBe('SPAN');

    fireEvent.keyDown(node('knowledge_level_2'), { key: 'Enter' });
    const panel = screen.getByTestId('skill-detail');
    expect(within(panel).getByTestId('skill-status').textContent).toBe('Locked');
    expect(within(panel).getByText('Curious Scholar').closest('li')?.getAttribute('data-mastered')).toBe(
      'false',
    );
    expect(
      within(panel).getByText('No related goals yet. Create goals in this discipline to unlock progress!'),
    ).toBeTruthy();

    fireEvent.click(node('master_hero'));
    expect(within(screen.getByTestId('skill-detail')).getByText('Master')).toBeTruthy();
    expect(within(screen.getByTestId('skill-detail')).getByText('1000 XP')).toBeTruthy();
  });

  it('shows the benchmark tooltip on discipline nodes only', async () => {
    renderTree();
    await screen.findByTestId('skill-graph');

    fireEvent.focus(node('finance_level_2'));
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('Accomplishment:');
    expect(tooltip.textContent).toContain('Societal Context:');
    expect(tooltip.textContent).toContain('Benchmark:');
    expect(tooltip.textContent?.toLowerCase()).toContain('$10,000');
    fireEvent.blur(node('finance_level_2'));

    fireEvent.focus(node('master_hero'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('explains itself to a logged-out visitor', () => {
    mockApi({});
    renderWithProviders(<SkillTreePage />, { user: null });
    expect(screen.getByText('Please log in to view your skill tree')).toBeTruthy();
  });
});
