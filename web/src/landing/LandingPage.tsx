import type { Locale } from '@lifequest/proto';
import { CheckCircle2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { LoginForm } from '../auth/LoginForm.tsx';
import { RegisterForm } from '../auth/RegisterForm.tsx';
import { formatNumber } from '../i18n/format.ts';
import { useRichT } from '../i18n/rich.tsx';
import { type Translate, useLocale, useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import {
  type ClaimFigure,
  FEATURES,
  LANDING_CLAIMS,
  QUEST_BUILDER_STEPS,
  SAMPLE_SMART_PARTS,
} from './landingContent.ts';

type View = 'home' | 'login' | 'register';

function figureText(figure: ClaimFigure, t: Translate, locale: Locale): string {
  if (figure === 'allHours') return t('landing.claim.allHours');
  if ('percent' in figure)
    return t('landing.claim.percent', { percent: formatNumber(figure.percent, locale) });
  return t('landing.claim.atLeast', { count: formatNumber(figure.atLeast, locale) });
}

export default function LandingPage() {
  const [view, setView] = useState<View>('home');
  const goHome = () => setView('home');
  const t = useT();
  const rich = useRichT();
  const locale = useLocale();

  if (view === 'login') return <LoginForm onSwitchToRegister={() => setView('register')} onBack={goHome} />;
  if (view === 'register') return <RegisterForm onSwitchToLogin={() => setView('login')} onBack={goHome} />;

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5">
        <span className="flex items-center gap-2 font-display text-gold text-xl tracking-widest">
          <img src="/pathfinder.svg" alt="" className="size-8" />
          {t('app.name')}
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
              {t('landing.tagline')}
            </p>
            <h1 id="hero-title" className="text-4xl text-parchment leading-tight sm:text-5xl">
              {rich('landing.title', { gold: (chunks) => <span className="text-gold">{chunks}</span> })}
            </h1>
            <p className="max-w-xl text-lg text-muted">{t('landing.intro')}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button className="px-6 py-3 text-base" onClick={() => setView('register')}>
                {t('landing.start')}
              </Button>
              <Button variant="secondary" className="px-6 py-3 text-base" onClick={() => setView('login')}>
                {t('landing.signIn')}
              </Button>
            </div>
          </div>
          <div className="grid place-items-center">
            <img
              src="/pathfinder.svg"
              alt={t('landing.pathfinderAlt')}
              className="w-56 drop-shadow-[0_0_40px_rgba(245,196,81,0.25)] sm:w-72"
            />
          </div>
        </section>

        <section aria-label={t('landing.numbers')} className="border-edge border-y bg-surface/60">
          <dl className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-8 text-center md:grid-cols-4">
            {LANDING_CLAIMS.map((claim) => (
              <div key={claim.label} className="grid gap-1">
                <dt className="order-2 text-muted text-sm">{t(claim.label)}</dt>
                <dd className="order-1 font-display text-3xl text-gold">
                  {figureText(claim.figure, t, locale)}
                </dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="features-title" className="text-center text-3xl text-parchment">
            {t('landing.features.title')}
          </h2>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li
                key={title}
                className="grid content-start gap-2 rounded-xl border border-edge bg-surface/80 p-5"
              >
                <Icon className="size-7 text-gold" aria-hidden />
                <h3 className="text-lg text-parchment">{t(title)}</h3>
                <p className="text-muted text-sm">{t(text)}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="builder-title" className="bg-surface/60 py-16">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 md:grid-cols-2">
            <div className="grid content-start gap-4">
              <p className="font-display text-gold text-sm uppercase tracking-[0.3em]">
                {t('landing.featured')}
              </p>
              <h2 id="builder-title" className="text-3xl text-parchment">
                {t('landing.builder.title')}
              </h2>
              <p className="text-muted">{t('landing.builder.intro')}</p>
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
                      <h3 className="font-sans font-semibold text-parchment">{t(step.title)}</h3>
                      <p className="text-muted text-sm">{t(step.text)}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
            <figure className="grid content-start gap-3 self-center rounded-xl border border-gold/30 bg-night/70 p-5">
              <figcaption className="font-display text-gold">{t('landing.sample.caption')}</figcaption>
              <p className="w-fit max-w-[85%] justify-self-end rounded-lg bg-gold/90 px-3 py-2 text-night text-sm">
                {t('landing.sample.hero')}
              </p>
              <div className="flex max-w-[90%] gap-2">
                <img src="/pathfinder.svg" alt="" className="size-8 shrink-0" />
                <p className="rounded-lg bg-surface-2 px-3 py-2 text-parchment text-sm">
                  {t('landing.sample.pathfinder')}
                </p>
              </div>
              <ul className="flex flex-wrap gap-2" aria-label={t('landing.sample.parts')}>
                {SAMPLE_SMART_PARTS.map((part) => (
                  <li
                    key={part}
                    className="inline-flex items-center gap-1 rounded-full border border-finance/40 px-2 py-0.5 text-finance text-xs"
                  >
                    <CheckCircle2 className="size-3.5" aria-hidden />
                    {t(part)}
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
            {t('landing.cta.title')}
          </h2>
          <p className="text-muted">{t('landing.cta.body')}</p>
          <Button className="px-6 py-3 text-base" onClick={() => setView('register')}>
            {t('landing.cta.button')}
          </Button>
        </section>
      </main>

      <footer className="border-edge border-t py-6 text-center text-muted text-sm">
        {t('landing.footer')}
      </footer>
    </div>
  );
}
