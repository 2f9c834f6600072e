import { Button } from '../../ui/Button.tsx';

export function WelcomeStep({ onNext }: { onNext: () => void }) {
  return (
    <div className="grid justify-items-center gap-6 text-center">
      <img src="/pathfinder.svg" alt="" className="w-32 drop-shadow-[0_0_30px_rgba(245,196,81,0.3)]" />
      <h1 className="text-3xl text-gold sm:text-4xl">Welcome to LifeQuest</h1>
      <p className="max-w-md text-muted">
        Your life is about to become an adventure. Goals become quests, milestones earn XP, and every step
        forward levels up the hero you are becoming.
      </p>
      <Button className="px-6 py-3 text-base" onClick={onNext}>
        Begin Journey
      </Button>
    </div>
  );
}
