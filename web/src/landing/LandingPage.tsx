import { CheckCircle2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { LoginForm } from '../auth/LoginForm.tsx';
import { RegisterForm } from '../auth/RegisterForm.tsx';
import { Button } from '../ui/Button.tsx';
import { FEATURES, LANDING_CLAIMS, QUEST_BUILDER_STEPS, SAMPLE_SMART_PARTS } from './landingContent.ts';

type View = 'home' | 'login' | 'register';

export default function LandingPage() {
  const [view, setView] = useState<View>('home');
  const goHome = () => setView('home');

  if (view === 'login') return <LoginForm onSwitchToRegister={() => setView('register')} onBack={goHome} />;
  if (view === 'register') return <RegisterForm onSwitchToLogin={() => setView('login')} onBack={goHome} />;

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5">
        <span className="flex items-center gap-2 font-display text-gold text-xl tracking-widest">
          <img src="/pathfinder.svg" alt="" className="size-8" />
          LifeQuest
        </span>
      </header>

      <main>
        <section
          aria-labelledby="hero-title"
          className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-[1.2fr_1fr] md:py-20"
        >
          <div className="grid content-center gap-6">
            <p className="inline-flex w-fit items-center gap-2 rounded-full border border-gold/40 bg-gold/10 px-3 py-1 text-gold text-sm">
              <Sparkles className="size-4" aria-hidden />
              Your life is the greatest adventure
            </p>
            <h1 id="hero-title" className="text-4xl text-parchment leading-tight sm:text-5xl">
              Turn your goals into <span className="text-gold">epic quests</span>
            </h1>
            <p className="max-w-xl text-lg text-muted">
              LifeQuest makes personal growth a role-playing game. The Pathfinder, your AI guide, forges your
              dreams into SMART quests; every milestone earns XP and levels up the hero you are becoming.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button className="px-6 py-3 text-base" onClick={() => setView('register')}>
                Start Your Quest
              </Button>
              <Button variant="secondary" className="px-6 py-3 text-base" onClick={() => setView('login')}>
                Sign In
              </Button>
            </div>
          </div>
          <div className="grid place-items-center">
            <img
              src="/pathfinder.svg"
              alt="The Pathfinder, a hooded guide holding a glowing compass"
              className="w-56 drop-shadow-[0_0_40px_rgba(245,196,81,0.25)] sm:w-72"
            />
          </div>
        </section>

        <section aria-label="LifeQuest in numbers" className="border-edge border-y bg-surface/60">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
            {LANDING_CLAIMS.map((claim) => (
              <div key={claim.label} className="grid gap-1">
                <dt className="order-2 text-muted text-sm">{claim.label}</dt>
                <dd className="order-1 font-display text-3xl text-gold">{claim.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="features-title" className="text-center text-3xl text-parchment">
            Everything a hero needs
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="grid content-start gap-2 rounded-xl border border-edge bg-surface/80 p-5"
              >
                <Icon className="size-7 text-gold" aria-hidden />
                <h3 className="text-lg text-parchment">{title}</h3>
                <p className="text-muted text-sm">{text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="builder-title" className="bg-surface/60 py-16">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 md:grid-cols-2">
            <div className="grid content-start gap-4">
              <p className="font-display text-gold text-sm uppercase tracking-[0.3em]">Featured</p>
              <h2 id="builder-title" className="text-3xl text-parchment">
                Goal Quest Builder
              </h2>
              <p className="text-muted">
                Tell The Pathfinder what you want. Together you shape it into a quest you can actually finish.
              </p>
              <ol className="grid gap-3">
                {QUEST_BUILDER_STEPS.map((step, index) => (
                  <li key={step.title} className="flex gap-3">
                    <span
                      aria-hidden
                      className="grid size-8 shrink-0 place-items-center rounded-full bg-gold font-bold text-night"
                    >
                      {index + 1}
                    </span>
                    <div>
                      <h3 className="font-sans font-semibold text-parchment">{step.title}</h3>
                      <p className="text-muted text-sm">{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
            <figure className="grid content-start gap-3 self-center rounded-xl border border-gold/30 bg-night/70 p-5">
              <figcaption className="font-display text-gold">A quest in the making</figcaption>
              <p className="w-fit max-w-[85%] justify-self-end rounded-lg bg-gold/90 px-3 py-2 text-night text-sm">
                I want to get fit this year.
              </p>
              <div className="flex max-w-[90%] gap-2">
                <img src="/pathfinder.svg" alt="" className="size-8 shrink-0" />
                <p className="rounded-lg bg-surface-2 px-3 py-2 text-parchment text-sm">
                  A worthy quest! What would "fit" look like? Shall we aim for a 5K under 30 minutes by June?
                </p>
              </div>
              <ul className="flex flex-wrap gap-2" aria-label="SMART parts">
                {SAMPLE_SMART_PARTS.map((part) => (
                  <li
                    key={part}
                    className="inline-flex items-center gap-1 rounded-full border border-finance/40 px-2 py-0.5 text-finance text-xs"
                  >
                    <CheckCircle2 className="size-3.5" aria-hidden />
                    {part}
                  </li>
                ))}
              </ul>
            </figure>
          </div>
        </section>

        <section
          aria-labelledby="cta-title"
          className="mx-auto grid max-w-3xl justify-items-center gap-5 px-4 py-20 text-center"
        >
          <h2 id="cta-title" className="text-3xl text-parchment">
            Your legend starts today
          </h2>
          <p className="text-muted">Join the questers turning everyday goals into victories.</p>
          <Button className="px-6 py-3 text-base" onClick={() => setView('register')}>
            Create Your Hero
          </Button>
        </section>
      </main>

      <footer className="border-edge border-t py-6 text-center text-muted text-sm">
        LifeQuest · Every goal a quest, every day an adventure.
      </footer>
    </div>
  );
}
