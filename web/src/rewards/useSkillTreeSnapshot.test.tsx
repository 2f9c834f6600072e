import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { useSkillTreeSnapshot } from './useSkillTreeSnapshot.ts';

function Reach() {
  const snapshot = useSkillTreeSnapshot();
  return (
    <button type="button" onClick={snapshot}>
      reach
    </button>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the skill tree before a tick', () => {
  it('is read once as the hero reaches for a milestone, and again only after a tick invalidated it', async () => {
    const api = mockApi({
      'GET /api/skill-tree': { body: { nodes: [], counters: { mastered: 0, unlocked: 0, total: 13 } } },
    });
    const { queryClient } = renderWithProviders(<Reach />, { user: testUser });
    const reach = screen.getByRole('button', { name: 'reach' });
    fireEvent.click(reach);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.skillTree)).toBeTruthy());
    fireEvent.click(reach);
    expect(api.callsTo('GET', '/api/skill-tree')).toHaveLength(1);
    await queryClient.invalidateQueries({ queryKey: queryKeys.skillTree });
    fireEvent.click(reach);
    await waitFor(() => expect(api.callsTo('GET', '/api/skill-tree')).toHaveLength(2));
  });
});
