import type { CreateGoalAction } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { mockApi, type RecordedCall, renderWithProviders, testUser } from '../test/render.tsx';
import { FloatingChat } from './FloatingChat.tsx';
import { floatingChatGreeting } from './floatingChat.ts';

const action: CreateGoalAction = {
  type: 'CREATE_GOAL',
  payload: {
    title: 'Run a 5K',
    targetDate: '2026-06-01',
    xpTotal: 100,
    milestones: [
      { title: 'Run 1K', dueDate: '2026-03-01', xpReward: 25 },
      { title: 'Run 3K', dueDate: '2026-04-01', xpReward: 25 },
      { title: 'Run 5K', dueDate: '2026-06-01', xpReward: 50 },
    ],
  },
};

function renderChat() {
  return renderWithProviders(<FloatingChat heroName="Aria" />, { user: testUser });
}

async function openChat() {
  fireEvent.click(screen.getByRole('button', { name: 'Ask The Pathfinder' }));
  return screen.findByRole('dialog', { name: 'The Pathfinder' });
}

function messageBox(): HTMLTextAreaElement {
  return screen.getByRole('textbox', { name: 'Message The Pathfinder' }) as HTMLTextAreaElement;
}

function say(text: string) {
  fireEvent.change(messageBox(), { target: { value: text } });
  return fireEvent.keyDown(messageBox(), { key: 'Enter' });
}

function assistantLines(dialog: HTMLElement): string[] {
  return [...dialog.querySelectorAll('li[data-role="assistant"]')].map((li) =>
    (li.querySelector('p')?.textContent ?? '').replace(/^The Pathfinder: /, ''),
  );
}

const conversationOf = (call: RecordedCall | undefined) =>
  (call?.body as { messages: { role: string; content: string }[] } | undefined)?.messages ?? [];

describe('floating chat bubble', () => {
  it('greets on the first open and sends the whole conversation with Enter', async () => {
    const { callsTo } = mockApi({
      'POST /api/ai/pathfinder-conversation': { body: { reply: 'A fine goal, hero.', actions: [] } },
    });
    renderChat();
    const dialog = await openChat();
    expect(assistantLines(dialog)).toEqual([floatingChatGreeting('Aria')]);
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));

    say('  I want to run a 5K  ');
    await waitFor(() => expect(assistantLines(dialog)).toHaveLength(2));
    expect(assistantLines(dialog)[1]).toBe('A fine goal, hero.');
    const [call] = callsTo('POST', '/api/ai/pathfinder-conversation');
    // The one HTTP helper: the path first, then `{messages}` as the body.
    expect(call?.body).toEqual({
      messages: [
        { role: 'assistant', content: floatingChatGreeting('Aria') },
        { role: 'user', content: 'I want to run a 5K' },
      ],
    });
    expect(call?.headers.get('Accept')).toBe('text/event-stream');
  });

  it('adds a newline with Shift+Enter, and sends nothing blank or while a reply is pending', async () => {
    let answer: () => void = () => {};
    const { callsTo } = mockApi({
      'POST /api/ai/pathfinder-conversation': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { reply: 'Onward.', actions: [] } });
        }),
    });
    renderChat();
    const dialog = await openChat();

    fireEvent.change(messageBox(), { target: { value: 'first line' } });
    // Not prevented: the browser types the newline.
    expect(fireEvent.keyDown(messageBox(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(messageBox().value).toBe('first line');

    say('   ');
    expect(screen.getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo('POST', '/api/ai/pathfinder-conversation')).toHaveLength(0);

    say('hello');
    await screen.findByTestId('pathfinder-thinking');
    say('hello again');
    expect(screen.getByRole('button', { name: 'Send message' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo('POST', '/api/ai/pathfinder-conversation')).toHaveLength(1);
    answer();
    await waitFor(() => expect(assistantLines(dialog)).toContain('Onward.'));
  });

  it('shows a reply streamed as server-sent events', async () => {
    mockApi({
      'POST /api/ai/pathfinder-conversation': {
        events: [
          { event: 'delta', data: { text: 'Step by ' } },
          { event: 'delta', data: { text: 'step.' } },
          { event: 'done', data: { reply: 'Step by step.', actions: [] } },
        ],
      },
    });
    renderChat();
    const dialog = await openChat();
    say('any advice?');
    await waitFor(() => expect(assistantLines(dialog)).toContain('Step by step.'));
  });

  it('applies a CREATE_GOAL action with POST /api/goals and refreshes goals and milestones', async () => {
    const { callsTo } = mockApi({
      'POST /api/ai/pathfinder-conversation': { body: { reply: 'Here is a quest.', actions: [action] } },
      'POST /api/goals': {
        status: 201,
        body: { id: 'g9', title: 'Run a 5K', deadline: '2026-06-01', milestones: [] },
      },
    });
    const { queryClient } = renderChat();
    queryClient.setQueryData(queryKeys.goals, []);
    queryClient.setQueryData(queryKeys.milestones, []);
    await openChat();
    say('I want to run a 5K by June');

    const suggestion = await screen.findByTestId('goal-suggestion');
    expect(within(suggestion).getByText('Run a 5K')).toBeTruthy();
    expect(within(suggestion).getByText('100 XP')).toBeTruthy();
    expect(within(suggestion).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(suggestion).getByRole('button', { name: 'Add to My Quests' }));

    expect(await within(suggestion).findByText('Added to your quests')).toBeTruthy();
    expect(document.activeElement).toBe(messageBox());
    expect(callsTo('POST', '/api/goals')[0]?.body).toEqual(action.payload);
    expect(queryClient.getQueryState(queryKeys.goals)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.milestones)?.isInvalidated).toBe(true);
  });

  it("shows a CREATE_GOAL action without milestones as the product's fallback goal, and leaves out one without a title", async () => {
    const { callsTo } = mockApi({
      'POST /api/ai/pathfinder-conversation': {
        body: {
          reply: 'Two quests for you.',
          actions: [
            {
              type: 'CREATE_GOAL',
              payload: { title: 'Learn to juggle', targetDate: '2026-06-01', xpTotal: 100 },
            },
            { type: 'CREATE_GOAL', payload: { targetDate: '2026-06-01' } },
            { type: 'CREATE_GOAL' },
            null,
          ],
        },
      },
      'POST /api/goals': { status: 201, body: { goal: { id: 'g9' }, milestones: [] } },
    });
    renderChat();
    const dialog = await openChat();
    say('Suggest a quest');
    await waitFor(() => expect(assistantLines(dialog)).toContain('Two quests for you.'));
    const suggestions = screen.getAllByTestId('goal-suggestion');
    expect(suggestions).toHaveLength(1);
    const [suggestion] = suggestions as [HTMLElement];
    expect(within(suggestion).getByText('Learn to juggle')).toBeTruthy();
    expect(within(suggestion).getByText('100 XP')).toBeTruthy();
    expect(
      within(suggestion)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Month 1: lay the groundwork', 'Month 2: build momentum', 'Month 3: complete the quest']);

    fireEvent.click(within(suggestion).getByRole('button', { name: 'Add to My Quests' }));
    expect(await within(suggestion).findByText('Added to your quests')).toBeTruthy();
    const sent = callsTo('POST', '/api/goals')[0]?.body as CreateGoalAction['payload'];
    expect(sent.title).toBe('Learn to juggle');
    expect(sent.milestones.map((m) => m.xpReward)).toEqual([25, 25, 50]);
  });

  it("answers a failed call with the product's failure line, and never sends that line back", async () => {
    let attempt = 0;
    const { callsTo } = mockApi({
      'POST /api/ai/pathfinder-conversation': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 503, body: { error: 'Service unavailable', message: 'x', code: 'SERVICE_UNAVAILABLE' } }
          : { body: { reply: 'Back again.', actions: [] } };
      },
    });
    renderChat();
    const dialog = await openChat();
    say('hello');
    await waitFor(() =>
      expect(assistantLines(dialog)).toContain(
        'I encountered an issue connecting to The Pathfinder. Please try again.',
      ),
    );

    say('hello?');
    await waitFor(() => expect(assistantLines(dialog)).toContain('Back again.'));
    const second = conversationOf(callsTo('POST', '/api/ai/pathfinder-conversation')[1]);
    expect(second.map((message) => message.content)).toEqual([
      floatingChatGreeting('Aria'),
      'hello',
      'hello?',
    ]);
  });

  it("says 'I encountered an issue. Please try again.' when the reply is empty", async () => {
    mockApi({ 'POST /api/ai/pathfinder-conversation': { body: { reply: '   ', actions: [] } } });
    renderChat();
    const dialog = await openChat();
    say('hello');
    await waitFor(() =>
      expect(assistantLines(dialog)).toContain('I encountered an issue. Please try again.'),
    );
  });

  it('minimises with the conversation kept, and closes to start over with a new greeting', async () => {
    mockApi({ 'POST /api/ai/pathfinder-conversation': { body: { reply: 'Noted.', actions: [] } } });
    renderChat();
    let dialog = await openChat();
    say('remember me');
    await waitFor(() => expect(assistantLines(dialog)).toContain('Noted.'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Minimise chat' }));
    const bubble = await screen.findByRole('button', { name: /Back to The Pathfinder/ });
    expect(document.activeElement).toBe(bubble);
    fireEvent.click(bubble);
    dialog = await screen.findByRole('dialog', { name: 'The Pathfinder' });
    // No second greeting: the same conversation.
    expect(assistantLines(dialog)).toEqual([floatingChatGreeting('Aria'), 'Noted.']);

    // Escape minimises too.
    fireEvent.keyDown(messageBox(), { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: /Back to The Pathfinder/ }));
    dialog = await screen.findByRole('dialog', { name: 'The Pathfinder' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ask The Pathfinder' }));
    dialog = await screen.findByRole('dialog', { name: 'The Pathfinder' });
    expect(assistantLines(dialog)).toEqual([floatingChatGreeting('Aria')]);
  });
});
