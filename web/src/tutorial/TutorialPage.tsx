import { Footprints, Hammer, MessageCircle, RotateCcw } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';

export const TUTORIAL_STEPS = [
  { icon: MessageCircle, title: 'tutorial.speak.title', text: 'tutorial.speak.text' },
  { icon: Hammer, title: 'tutorial.shape.title', text: 'tutorial.shape.text' },
  { icon: Footprints, title: 'tutorial.walk.title', text: 'tutorial.walk.text' },
  { icon: RotateCcw, title: 'tutorial.return.title', text: 'tutorial.return.text' },
] as const;

export default function TutorialPage() {
  const navigate = useNavigate();
  const t = useT();
  return (
    <div className="grid gap-6">
      <Card className="grid items-center gap-5 sm:grid-cols-[auto_1fr]">
        <img
          src="/pathfinder.svg"
          alt={t('landing.pathfinderAlt')}
          className="w-28 justify-self-center drop-shadow-[0_0_30px_rgba(245,196,81,0.3)]"
        />
        <div className="grid gap-2 text-center sm:text-left">
          <h1 className="text-2xl text-gold sm:text-3xl">{t('onboarding.meet.title')}</h1>
          <p className="text-muted">{t('tutorial.intro')}</p>
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
              <h2 className="text-lg text-parchment">{t(title)}</h2>
            </div>
            <p className="text-muted text-sm">{t(text)}</p>
          </li>
        ))}
      </ol>

      <div className="flex justify-center">
        <Button className="px-6 py-3 text-base" onClick={() => navigate(-1)}>
          {t('tutorial.begin')}
        </Button>
      </div>
    </div>
  );
}
