import { Footprints, Hammer, MessageCircle, RotateCcw } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

export const TUTORIAL_STEPS = [
  {
    icon: MessageCircle,
    title: 'Speak Your Desire',
    text: 'Tell The Pathfinder what you want to change in your life, in your own words. Big or small, every quest starts here.',
  },
  {
    icon: Hammer,
    title: 'Shape the Quest',
    text: 'Together you make it Specific, Measurable, Achievable, Relevant and Time-bound, then split it into milestones.',
  },
  {
    icon: Footprints,
    title: 'Walk the Path',
    text: 'Complete milestones on your dashboard to earn XP, raise your life level and grow your skill tree.',
  },
  {
    icon: RotateCcw,
    title: 'Return Often',
    text: 'Log progress, celebrate victories and ask The Pathfinder for guidance whenever the road gets hard.',
  },
] as const;

export default function TutorialPage() {
  const navigate = useNavigate();
  return (
    <div className="grid gap-6">
      <Card className="grid items-center gap-5 sm:grid-cols-[auto_1fr]">
        <img
          src="/pathfinder.svg"
          alt="The Pathfinder, a hooded guide holding a glowing compass"
          className="w-28 justify-self-center drop-shadow-[0_0_30px_rgba(245,196,81,0.3)]"
        />
        <div className="grid gap-2 text-center sm:text-left">
          <h1 className="text-2xl text-gold sm:text-3xl">Meet The Pathfinder</h1>
          <p className="text-muted">
            The Pathfinder is your AI guide through LifeQuest. It listens to what you hope to achieve, helps
            turn it into a clear quest with milestones, and coaches you as you go. Here is how every journey
            unfolds.
          </p>
        </div>
      </Card>

      <ol className="grid gap-4 sm:grid-cols-2">
        {TUTORIAL_STEPS.map(({ icon: Icon, title, text }, index) => (
          <li
            key={title}
            className="grid content-start gap-2 rounded-xl border border-edge bg-surface/90 p-5"
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden
                className="grid size-9 shrink-0 place-items-center rounded-full bg-gold font-bold text-night"
              >
                {index + 1}
              </span>
              <Icon className="size-5 text-gold" aria-hidden />
              <h2 className="text-lg text-parchment">{title}</h2>
            </div>
            <p className="text-muted text-sm">{text}</p>
          </li>
        ))}
      </ol>

      <div className="flex justify-center">
        <Button className="px-6 py-3 text-base" onClick={() => navigate(-1)}>
          Begin Your Quest
        </Button>
      </div>
    </div>
  );
}
