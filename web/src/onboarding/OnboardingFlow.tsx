import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { User } from '../auth/user.ts';
import { useT } from '../i18n/useT.ts';
import { clearProgress, loadProgress, readStep, type Step, saveProgress } from './onboardingProgress.ts';
import { buildOnboardingResult, firstQuestFrom, ONBOARDING_PRIMARY_CLASS } from './onboardingResult.ts';
import type { FinalGoal } from './pathfinderTypes.ts';
import { useSavedConversation } from './savedConversation.ts';
import { DashboardWelcomeStep } from './steps/DashboardWelcomeStep.tsx';
import { MeetPathfinderStep } from './steps/MeetPathfinderStep.tsx';
import { NameStep } from './steps/NameStep.tsx';
import { PathfinderChatStep } from './steps/PathfinderChatStep.tsx';
import { WelcomeStep } from './steps/WelcomeStep.tsx';
import { useCompleteOnboarding } from './useCompleteOnboarding.ts';
import { type ResumedConversation, usePathfinderChat } from './usePathfinderChat.ts';

/** Five steps with a 300 ms fade between them. */
export const ONBOARDING_STEPS = 5;
export const STEP_TRANSITION_MS = 300;

interface ChatStageProps {
  displayName: string;
  primaryClass: string;
  onComplete: (quest: FinalGoal | null) => void;
}

/** The chat step picks up the conversation the ai service saved, so a reload loses nothing. */
function ChatStage(props: ChatStageProps) {
  const saved = useSavedConversation();
  const t = useT();
  if (saved.isPending) {
    return <p className="py-10 text-center text-muted">{t('onboarding.findingConversation')}</p>;
  }
  return <ChatStageWith {...props} resumed={saved.data ?? null} />;
}

function ChatStageWith({
  displayName,
  primaryClass,
  onComplete,
  resumed,
}: ChatStageProps & { resumed: ResumedConversation | null }) {
  const chat = usePathfinderChat(displayName, primaryClass, resumed);
  const quest = firstQuestFrom(chat.finalGoal, chat.smartGoalData);
  return <PathfinderChatStep chat={chat} quest={quest} onComplete={onComplete} />;
}

export interface OnboardingFlowProps {
  user: User;
  /** Injected in tests; by default a full reload into the app. */
  reload?: () => void;
}

export default function OnboardingFlow({ user, reload }: OnboardingFlowProps) {
  // The step lives in the URL, one history entry each: Back goes to the previous step, a reload stays.
  const [params, setParams] = useSearchParams();
  const step = readStep(params.get('step'));
  // A fresh start (step 1) forgets an earlier visit's name and quest; a later step resumes them.
  const [kept] = useState(() => {
    if (step > 1) return loadProgress(user.id);
    clearProgress(user.id);
    return {};
  });
  const [visible, setVisible] = useState(true);
  const [displayName, setDisplayName] = useState(kept.displayName ?? '');
  const [primaryClass, setPrimaryClass] = useState<string | null>(null);
  const [quest, setQuest] = useState<FinalGoal | null>(kept.quest ?? null);
  // Past step 2 a name is needed: after a reload without the kept one, the account's name stands in.
  const heroName = displayName || user.name;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const section = useRef<HTMLElement>(null);
  const complete = useCompleteOnboarding(reload);
  const t = useT();

  useEffect(() => {
    // The button that moved the hero on is gone with its step, which would leave the keyboard focus
    // on the page itself. Take it to the new step's heading, unless the step focused a field itself.
    const box = section.current;
    if (step === 1 || !box || box.contains(document.activeElement)) return;
    const heading = box.querySelector<HTMLElement>('h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [step]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  function goTo(next: Step) {
    setVisible(false);
    timer.current = setTimeout(() => {
      setParams({ step: String(next) });
      setVisible(true);
    }, STEP_TRANSITION_MS);
  }

  return (
    <main className="mx-auto grid min-h-dvh w-full max-w-2xl content-center gap-6 px-4 py-10">
      <div className="grid gap-2">
        <p className="text-center text-muted text-sm">
          {t('onboarding.stepOf', { step, total: ONBOARDING_STEPS })}
        </p>
        <div className="flex gap-1.5" aria-hidden>
          {Array.from({ length: ONBOARDING_STEPS }, (_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length decoration
              key={index}
              className={`h-1.5 flex-1 rounded-full ${index < step ? 'bg-gold' : 'bg-edge'}`}
            />
          ))}
        </div>
      </div>
      <section
        ref={section}
        aria-live="polite"
        data-testid="onboarding-step"
        data-step={step}
        className={`rounded-2xl border border-edge bg-surface/90 p-5 shadow-2xl transition-opacity duration-300 ease-in-out sm:p-8 ${
          visible ? 'opacity-100' : 'opacity-0'
        }`}
      >
        {step === 1 ? <WelcomeStep onNext={() => goTo(2)} /> : null}
        {step === 2 ? (
          <NameStep
            initialName={displayName || user.name}
            onNext={(name) => {
              setDisplayName(name);
              saveProgress(user.id, { displayName: name });
              goTo(3);
            }}
          />
        ) : null}
        {step === 3 ? (
          <MeetPathfinderStep
            displayName={heroName}
            onNext={() => {
              setPrimaryClass(ONBOARDING_PRIMARY_CLASS);
              goTo(4);
            }}
          />
        ) : null}
        {step === 4 ? (
          <ChatStage
            displayName={heroName}
            primaryClass={primaryClass ?? ONBOARDING_PRIMARY_CLASS}
            onComplete={(finalQuest) => {
              setQuest(finalQuest);
              saveProgress(user.id, { quest: finalQuest });
              goTo(5);
            }}
          />
        ) : null}
        {step === 5 ? (
          <DashboardWelcomeStep
            quest={quest}
            pending={complete.isPending}
            // Any failure reads the same (useCompleteOnboarding): the step's own line, in the hero's language.
            error={complete.isError ? t('onboarding.ready.failed') : null}
            onEnter={() => {
              // The quest goes with the result; nothing of onboarding stays in the tab after it.
              clearProgress(user.id);
              complete.mutate(buildOnboardingResult(heroName, quest));
            }}
          />
        ) : null}
      </section>
    </main>
  );
}
