import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type RecordedCall, renderWithProviders, testUser } from '../test/render.tsx';
import { englishAfterEach, speak } from '../test/speak.ts';
import OnboardingFlow from './OnboardingFlow.tsx';
import { PATHFINDER_FAILURE_BOT_MESSAGE, REFINE_MESSAGE, START_QUEST_MESSAGE } from './pathfinderApi.ts';
import type { OnboardingReply, PathfinderConversationBody } from './pathfinderTypes.ts';

const newHero = { ...testUser, isOnboarded: false, name: 'Aria' };

const readyReply: OnboardingReply = {
  response: 'A fine quest! Shall we begin?',
  phase: 'ready',
  smartGoalData: {
    specific: 'Run a 5K',
    measurable: 'Under 30 minutes',
    achievable: null,
    relevant: 'Health matters to me',
    timeBound: 'By June 30',
    coachNotes: 'kept as is',
  },
  finalGoal: null,
};

const completeReply: OnboardingReply = {
  response: 'Your quest is forged!',
  phase: 'complete',
  smartGoalData: { ...readyReply.smartGoalData, achievable: '3 runs a week' },
  finalGoal: {
    title: 'Run a 5K in under 30 minutes',
    deadline: '2026-06-30',
    milestones: ['Run 2K', 'Run 4K'],
  },
};

async function walkToChat() {
  fireEvent.click(screen.getByRole('button', { name: 'Begin Journey' }));
  const name = await screen.findByLabelText('Display name');
  return name as HTMLInputElement;
}

async function enterChat() {
  const name = await walkToChat();
  fireEvent.change(name, { target: { value: '  Sir Aria  ' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Speak with The Pathfinder' }));
  return (await screen.findByLabelText('Your message to The Pathfinder')) as HTMLTextAreaElement;
}

function say(box: HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

describe('onboarding', () => {
  it('requires a display name that is not blank after trimming', async () => {
    mockApi({});
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    expect(screen.getByText('Step 1 of 5')).toBeTruthy();
    const name = await walkToChat();
    expect(name.value).toBe('Aria');

    fireEvent.change(name, { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: ' Aria ' } });
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a display name the Hall would refuse, saying why, before the last step', async () => {
    mockApi({});
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    const name = await walkToChat();
    fireEvent.change(name, { target: { value: 'Ar\u200Bia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toContain('zero-width or other invisible');
    expect(screen.getByLabelText('Display name')).toBeTruthy();
  });

  it('fades between steps for 300 ms', async () => {
    vi.useFakeTimers();
    try {
      mockApi({});
      renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
      fireEvent.click(screen.getByRole('button', { name: 'Begin Journey' }));
      const section = screen.getByTestId('onboarding-step');
      expect(section.className).toContain('opacity-0');
      expect(section.getAttribute('data-step')).toBe('1');
      vi.advanceTimersByTime(299);
      expect(section.getAttribute('data-step')).toBe('1');
      vi.advanceTimersByTime(1);
      await vi.waitFor(() =>
        expect(screen.getByTestId('onboarding-step').getAttribute('data-step')).toBe('2'),
      );
      expect(screen.getByTestId('onboarding-step').className).toContain('opacity-100');
    } finally {
      vi.useRealTimers();
    }
  });

  it('builds a SMART goal with The Pathfinder and completes onboarding with the result', async () => {
    const requests: PathfinderConversationBody[] = [];
    const reload = vi.fn();
    const { callsTo } = mockApi({
      'POST /api/ai/pathfinder-conversation': (call: RecordedCall) => {
        const request = call.body as PathfinderConversationBody;
        requests.push(request);
        const last = request.messages.at(-1)?.content;
        return { body: last === START_QUEST_MESSAGE ? completeReply : readyReply };
      },
      'POST /api/auth/complete-onboarding': { body: { ok: true } },
      'GET /api/auth/me': { body: { ...newHero, isOnboarded: true } },
    });
    renderWithProviders(<OnboardingFlow user={newHero} reload={reload} />, { user: newHero });

    const box = await enterChat();
    expect(screen.getByText(/Greetings, Sir Aria!/)).toBeTruthy();
    const indicators = screen.getByRole('list', { name: 'SMART goal progress' });
    expect(screen.queryByTestId('pathfinder-english-only')).toBeNull();
    expect(within(indicators).getAllByText(/not yet defined/)).toHaveLength(5);

    say(box, '  I want to run a 5K  ');
    expect(await screen.findByText('A fine quest! Shall we begin?')).toBeTruthy();
    expect(requests[0]).toMatchObject({
      phase: 'initial',
      primaryClass: 'general',
      displayName: 'Sir Aria',
      smartGoalData: { specific: null, measurable: null, achievable: null, relevant: null, timeBound: null },
    });
    expect(requests[0]?.messages.at(-1)).toEqual({ role: 'user', content: 'I want to run a 5K' });

    const states = [...document.querySelectorAll('[data-smart-part]')].map((li) =>
      li.getAttribute('data-state'),
    );
    expect(states).toEqual(['set', 'set', 'missing', 'set', 'set']);
    expect(screen.getByRole('button', { name: 'Start This Quest' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Refine Further' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.messages.at(-1)).toEqual({ role: 'user', content: REFINE_MESSAGE });
    expect(requests[1]?.phase).toBe('ready');
    // Extras in smartGoalData travel back to the server untouched.
    expect(requests[1]?.smartGoalData?.coachNotes).toBe('kept as is');

    await screen.findAllByText('A fine quest! Shall we begin?');
    fireEvent.click(await screen.findByRole('button', { name: 'Start This Quest' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Your Quest Setup' }));
    expect(requests[2]?.messages.at(-1)).toEqual({ role: 'user', content: START_QUEST_MESSAGE });

    expect(await screen.findByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter Dashboard' }));

    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(callsTo('POST', '/api/auth/complete-onboarding')[0]?.body).toEqual({
      displayName: 'Sir Aria',
      primaryClass: 'general',
      firstGoal: {
        title: 'Run a 5K in under 30 minutes',
        deadline: '2026-06-30',
        className: 'general',
        milestones: [
          { id: 'milestone-1', title: 'Run 2K', completed: false },
          { id: 'milestone-2', title: 'Run 4K', completed: false },
        ],
      },
    });
    expect(callsTo('GET', '/api/auth/me').length).toBeGreaterThan(0);
  });

  it("answers a failed call with The Pathfinder's apology and keeps the phase", async () => {
    mockApi({
      'POST /api/ai/pathfinder-conversation': { status: 503, body: { error: 'Service unavailable' } },
    });
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    const box = await enterChat();
    say(box, 'I want to learn Spanish');

    expect(await screen.findByText(PATHFINDER_FAILURE_BOT_MESSAGE)).toBeTruthy();
    expect(PATHFINDER_FAILURE_BOT_MESSAGE).toBe(
      'Forgive me, adventurer. The mystical winds have clouded my thoughts momentarily. Could you repeat your last words?',
    );
    expect(screen.queryByRole('button', { name: 'Start This Quest' })).toBeNull();
  });

  it('ignores blank messages and sends nothing while a reply is pending', async () => {
    const { callsTo } = mockApi({ 'POST /api/ai/pathfinder-conversation': () => new Promise(() => {}) });
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    const box = await enterChat();

    say(box, '   ');
    expect(callsTo('POST', '/api/ai/pathfinder-conversation')).toHaveLength(0);

    say(box, 'Get fit');
    await screen.findByTestId('pathfinder-thinking');
    say(box, 'Hello?');
    expect(callsTo('POST', '/api/ai/pathfinder-conversation')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('hands the focus to the message box after Send is pressed from the keyboard', async () => {
    mockApi({ 'POST /api/ai/pathfinder-conversation': { body: readyReply } });
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    const box = await enterChat();
    fireEvent.change(box, { target: { value: 'I want to run a 5K' } });

    // Enter or Space on a focused button fires a click with detail 0; sending then disables Send.
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    send.focus();
    fireEvent.click(send, { detail: 0 });

    expect(await screen.findByText('A fine quest! Shall we begin?')).toBeTruthy();
    expect(send.disabled).toBe(true);
    expect(document.activeElement).toBe(box);
  });

  it('leaves the focus alone after a pointer click on Send', async () => {
    mockApi({ 'POST /api/ai/pathfinder-conversation': { body: readyReply } });
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    const box = await enterChat();
    fireEvent.change(box, { target: { value: 'I want to run a 5K' } });

    const send = screen.getByRole('button', { name: 'Send message' });
    send.focus();
    fireEvent.click(send, { detail: 1 });

    expect(await screen.findByText('A fine quest! Shall we begin?')).toBeTruthy();
    expect(document.activeElement).toBe(send);
  });

  it("shows 'Failed to complete onboarding' when completion fails", async () => {
    mockApi({
      'POST /api/ai/pathfinder-conversation': { body: completeReply },
      'POST /api/auth/complete-onboarding': { status: 500, body: { error: 'Something went wrong' } },
    });
    const reload = vi.fn();
    renderWithProviders(<OnboardingFlow user={newHero} reload={reload} />, { user: newHero });
    const box = await enterChat();
    say(box, 'Run a 5K');
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Your Quest Setup' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enter Dashboard' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to complete onboarding');
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('onboarding in Spanish and German', () => {
  englishAfterEach();

  it('says so in German when completion fails', async () => {
    await speak('de');
    mockApi({
      'POST /api/ai/pathfinder-conversation': { body: completeReply },
      'POST /api/auth/complete-onboarding': { status: 500, body: { error: 'Something went wrong' } },
    });
    renderWithProviders(<OnboardingFlow user={newHero} reload={vi.fn()} />, { user: newHero });
    fireEvent.click(await screen.findByRole('button', { name: 'Reise beginnen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Mit dem Pfadfinder sprechen' }));
    say(
      (await screen.findByLabelText('Deine Nachricht an den Pfadfinder')) as HTMLTextAreaElement,
      'Run a 5K',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Einrichtung der Quest abschließen' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Zur Übersicht' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die Einrichtung konnte nicht abgeschlossen werden',
    );
  });

  it('in Spanish: every step, a refused name, the SMART parts and the quest’s date the Spanish way', async () => {
    await speak('es');
    mockApi({
      'GET /api/ai/provider': { body: { provider: 'offline', languages: ['en'] } },
      'POST /api/ai/pathfinder-conversation': (call: RecordedCall) => {
        const last = (call.body as PathfinderConversationBody).messages.at(-1)?.content;
        return { body: last === START_QUEST_MESSAGE ? completeReply : readyReply };
      },
    });
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    expect(screen.getByText('Paso 1 de 5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bienvenido a LifeQuest' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Comenzar el viaje' }));

    const name = (await screen.findByLabelText('Nombre visible')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'A hero' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '«A hero» es como el Salón muestra a los héroes que aún no conoce: elige otro nombre.',
    );
    fireEvent.change(name, { target: { value: 'Sir Aria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { name: 'Conoce al Explorador' })).toBeTruthy();
    expect(screen.getByText(/^Bienhallado, Sir Aria\. Soy el Explorador/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hablar con el Explorador' }));

    const box = (await screen.findByLabelText('Tu mensaje para el Explorador')) as HTMLTextAreaElement;
    expect(box.placeholder).toBe('Describe la meta que quieres alcanzar...');
    expect((await screen.findByTestId('pathfinder-english-only')).textContent).toBe(
      'El Explorador solo habla inglés por ahora',
    );
    const indicators = screen.getByRole('list', { name: 'Progreso de la meta SMART' });
    expect(within(indicators).getAllByText(': aún sin definir')).toHaveLength(5);
    say(box, 'Quiero correr 5 km');
    fireEvent.click(await screen.findByRole('button', { name: 'Empezar esta misión' }));
    expect(await screen.findByText('Objetivo: 30 jun 2026')).toBeTruthy();
    expect(within(indicators).getByText('Específica')).toBeTruthy();
    expect(within(indicators).getAllByText(': definida')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Terminar de preparar tu misión' }));

    expect(await screen.findByRole('heading', { name: 'Bienvenido a tu panel' })).toBeTruthy();
    expect(
      screen.getByText(
        'Tu primera misión te espera: «Run a 5K in under 30 minutes». Completa sus hitos para ganar XP y subir de nivel.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entrar al panel' })).toBeTruthy();
  });

  it('in German: the step count and why a name with a hidden character is refused', async () => {
    await speak('de');
    mockApi({});
    renderWithProviders(<OnboardingFlow user={newHero} />, { user: newHero });
    expect(screen.getByText('Schritt 1 von 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reise beginnen' }));
    const name = await screen.findByLabelText('Anzeigename');
    expect(screen.getByText('Schritt 2 von 5')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Ar\u200Bia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ein Name darf keine Zeichen ohne Breite oder andere unsichtbare Zeichen enthalten.',
    );
    // A Cyrillic о inside a Latin name: the look-alike rule, in German too.
    fireEvent.change(name, { target: { value: 'R\u043Ebin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Ein Name darf lateinische, kyrillische und griechische Buchstaben nicht mischen (sie sehen sich ähnlich): schreib ihn in einer Schrift.',
      ),
    );
  });
});
