import { Button } from '../../ui/Button.tsx';

export function MeetPathfinderStep({ displayName, onNext }: { displayName: string; onNext: () => void }) {
  return (
    <div className="grid justify-items-center gap-6 text-center">
      <img
        src="/pathfinder.svg"
        alt="The Pathfinder, a hooded guide holding a glowing compass"
        className="w-36 drop-shadow-[0_0_30px_rgba(245,196,81,0.3)]"
      />
      <h1 className="text-3xl text-gold">Meet The Pathfinder</h1>
      <p className="max-w-md text-muted">
        Well met, {displayName}. I am The Pathfinder, guide to all who seek to grow. Together we will shape
        your first quest into a goal that is Specific, Measurable, Achievable, Relevant and Time-bound.
      </p>
      <Button className="px-6 py-3 text-base" onClick={onNext}>
        Speak with The Pathfinder
      </Button>
    </div>
  );
}
