import { BarChart3, LayoutDashboard, MessageSquare } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useLocale, useT } from '../i18n/useT.ts';
import { NeedsNetwork } from '../offline/NeedsNetwork.tsx';
import { Card } from '../ui/Card.tsx';
import { TabsList, TabsTrigger, useTabParam } from '../ui/Tabs.tsx';
import { AiCoach } from './AiCoach.tsx';
import { usePathfinderEnglishOnly, useWaitingPlan } from './advisor.ts';
import { PathfinderDashboard } from './PathfinderDashboard.tsx';

const TABS = [
  { value: 'dashboard', label: 'pathfinder.tab.dashboard', icon: LayoutDashboard },
  { value: 'chat', label: 'pathfinder.tab.chat', icon: MessageSquare },
  { value: 'analytics', label: 'pathfinder.tab.analytics', icon: BarChart3 },
] as const;

/** 'The Pathfinder', tabs dashboard (default), chat and analytics. The tab is kept in the URL. */
export default function PathfinderPage() {
  const t = useT();
  const locale = useLocale();
  const [tab, selectTab] = useTabParam(
    TABS.map(({ value }) => value),
    'dashboard',
  );
  // The draft plan is fetched on load, whichever tab is open; the Chat tab says one awaits
  // (not one the hero cancelled).
  const planWaiting = useWaitingPlan().plan !== null;
  const englishOnly = usePathfinderEnglishOnly();

  return (
    <div className="grid gap-6">
      <div className="flex items-center gap-3">
        <img src="/pathfinder.svg" alt="" className="size-12" />
        <div>
          <h1 className="text-2xl text-gold sm:text-3xl">{t('pathfinder.title')}</h1>
          <p className="text-muted text-sm">{t('pathfinder.subtitle')}</p>
          {englishOnly ? (
            <p className="text-gold text-sm" lang={locale} data-testid="pathfinder-english-only">
              {t('pathfinder.englishOnly')}
            </p>
          ) : null}
        </div>
      </div>
      <Tabs.Root value={tab} onValueChange={selectTab} className="grid gap-4">
        <TabsList aria-label={t('pathfinder.title')}>
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="size-4" aria-hidden />
              {t(label)}
              {value === 'chat' && planWaiting ? (
                <span
                  className="rounded-full border border-current px-1.5 font-semibold text-[0.65rem] uppercase"
                  data-testid="plan-waiting"
                >
                  <span className="sr-only">, </span>
                  {t('pathfinder.planWaiting')}
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <Tabs.Content value="dashboard">
          <PathfinderDashboard />
        </Tabs.Content>
        <Tabs.Content value="chat">
          {/* The chat needs the model; progress logged offline on the dashboard tab is queued. */}
          <NeedsNetwork screen={t('pathfinder.chatScreen')}>
            <AiCoach />
          </NeedsNetwork>
        </Tabs.Content>
        <Tabs.Content value="analytics">
          <Card className="grid justify-items-center gap-3 py-12 text-center">
            <BarChart3 className="size-12 text-gold/70" aria-hidden />
            <h2 className="text-parchment text-xl">{t('pathfinder.analytics.title')}</h2>
            <p className="max-w-sm text-muted">{t('pathfinder.analytics.body')}</p>
          </Card>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
