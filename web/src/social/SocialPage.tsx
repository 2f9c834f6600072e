import { Inbox, Rss, Swords, Trophy, Users } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useT } from '../i18n/useT.ts';
import { TabsList, TabsTrigger, useTabParam } from '../ui/Tabs.tsx';
import { ChallengesTab } from './ChallengesTab.tsx';
import { FeedTab } from './FeedTab.tsx';
import { FriendsTab } from './FriendsTab.tsx';
import { RankingsTab } from './RankingsTab.tsx';
import { RequestsTab } from './RequestsTab.tsx';
import { useFriendRequests } from './socialQueries.ts';

const TABS = [
  { value: 'feed', label: 'social.tab.feed', icon: Rss },
  { value: 'leaderboard', label: 'social.tab.leaderboard', icon: Trophy },
  { value: 'friends', label: 'social.tab.friends', icon: Users },
  { value: 'challenges', label: 'social.tab.challenges', icon: Swords },
  { value: 'requests', label: 'social.tab.requests', icon: Inbox },
] as const;

/** Fellowship Hall, tabs feed (default), Rankings, friends, challenges, requests. */
export default function SocialPage() {
  const t = useT();
  const [tab, selectTab] = useTabParam(
    TABS.map(({ value }) => value),
    'feed',
  );
  // Read on every tab: the Requests tab's badge counts what is pending (every 10 s).
  const requests = useFriendRequests();
  const pending = requests.data?.length ?? 0;

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl text-gold sm:text-3xl">{t('social.title')}</h1>
        <p className="text-muted text-sm">{t('social.subtitle')}</p>
      </div>
      <Tabs.Root value={tab} onValueChange={selectTab} className="grid gap-4">
        <TabsList aria-label={t('social.title')}>
          {TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon className="size-4" aria-hidden />
              {t(label)}
              {value === 'requests' && pending > 0 ? (
                <span
                  className="ml-0.5 inline-grid min-w-5 place-items-center rounded-full bg-red-600 px-1.5 font-bold text-white text-xs"
                  data-testid="requests-badge"
                >
                  {pending}
                  <span className="sr-only">{t('social.pending')}</span>
                </span>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <Tabs.Content value="feed">
          <FeedTab />
        </Tabs.Content>
        <Tabs.Content value="leaderboard">
          <RankingsTab />
        </Tabs.Content>
        <Tabs.Content value="friends">
          <FriendsTab />
        </Tabs.Content>
        <Tabs.Content value="challenges">
          <ChallengesTab />
        </Tabs.Content>
        <Tabs.Content value="requests">
          <RequestsTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
