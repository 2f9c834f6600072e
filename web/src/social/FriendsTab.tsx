import type { BlockedHero, Friend } from '@lifequest/proto';
import { Ban, Flame, UserMinus, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { classTitleText } from '../i18n/classTitle.ts';
import { formatNumber } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Field } from '../ui/Field.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { EmptyTab, HeroAvatar } from './socialParts.tsx';
import { useAddFriend, useBlock, useBlocks, useFriends, useUnblock, useUnfriend } from './socialQueries.ts';

const smallButton =
  'inline-flex min-h-9 items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm transition-colors';

function FriendRow({ friend }: { friend: Friend }) {
  const t = useT();
  const locale = useLocale();
  const unfriend = useUnfriend();
  const block = useBlock();
  const busy = unfriend.isPending || block.isPending;
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-xl border border-edge bg-surface/90 p-3"
      data-friend-name={friend.name}
    >
      <HeroAvatar name={friend.name} />
      <span className="grid min-w-0 flex-1">
        <span className="break-words font-semibold text-parchment">{friend.name}</span>
        <span className="break-words text-muted text-xs">{classTitleText(friend.activeClassTitle, t)}</span>
      </span>
      <span className="grid shrink-0 justify-items-end text-sm">
        <span className="font-semibold text-gold">{t('profile.level', { level: friend.lifeLevel })}</span>
        <span className="text-muted text-xs">
          {t('profile.xp', { xp: formatNumber(friend.totalXP, locale) })}
        </span>
        {friend.friend_streak > 0 ? (
          <span
            className="inline-flex items-center gap-0.5 text-orange-300 text-xs"
            title={t('friends.streakTitle', { count: friend.friend_streak })}
            data-testid="friend-streak"
          >
            <Flame className="size-3.5" aria-hidden />
            {t('friends.together', { count: friend.friend_streak })}
          </span>
        ) : null}
      </span>
      <span className="flex w-full justify-end gap-1 border-edge/60 border-t pt-2">
        <ConfirmDialog
          title={t('friends.unfriend.title', { name: friend.name })}
          description={t('friends.unfriend.body', { name: friend.name })}
          confirmLabel={t('friends.unfriend')}
          onConfirm={() => unfriend.mutate(friend)}
          trigger={
            <button
              type="button"
              disabled={busy}
              aria-label={t('friends.unfriend.label', { name: friend.name })}
              className={`${smallButton} text-muted hover:bg-white/5 hover:text-parchment`}
            >
              <UserMinus className="size-4" aria-hidden />
              {t('friends.unfriend')}
            </button>
          }
        />
        <ConfirmDialog
          title={t('friends.block.title', { name: friend.name })}
          description={t('friends.block.body', { name: friend.name })}
          confirmLabel={t('friends.block')}
          onConfirm={() => block.mutate(friend)}
          trigger={
            <button
              type="button"
              disabled={busy}
              aria-label={t('friends.block.label', { name: friend.name })}
              className={`${smallButton} text-muted hover:bg-red-500/10 hover:text-red-300`}
            >
              <Ban className="size-4" aria-hidden />
              {t('friends.block')}
            </button>
          }
        />
      </span>
    </li>
  );
}

/** Heroes this hero blocked, each with a way back. Shown only when there are some. */
function BlockedHeroes() {
  const t = useT();
  const blocks = useBlocks();
  const unblock = useUnblock();
  if (!blocks.data || blocks.data.length === 0) return null;
  return (
    <Card className="grid gap-3" aria-labelledby="blocked-title">
      <h2 id="blocked-title" className="flex items-center gap-2 text-lg text-parchment">
        <Ban className="size-5 text-muted" aria-hidden />
        {t('friends.blocked')}
      </h2>
      <ul className="grid gap-2" aria-label={t('friends.blocked')}>
        {blocks.data.map((hero: BlockedHero) => (
          <li key={hero.id} className="flex items-center gap-3">
            <HeroAvatar name={hero.name} size="sm" />
            <span className="min-w-0 flex-1 break-words text-parchment">{hero.name}</span>
            <Button
              variant="ghost"
              className="min-h-9 px-3 py-1.5"
              disabled={unblock.isPending}
              onClick={() => unblock.mutate(hero)}
            >
              {t('friends.unblock')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Add Friend is disabled while the e-mail is empty; the input is of type email. */
function AddFriendForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const add = useAddFriend();
  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (address === '' || add.isPending) return;
    add.mutate(address, { onSuccess: () => setEmail('') });
  }
  return (
    <Card className="grid gap-3" aria-labelledby="add-friend-title">
      <h2 id="add-friend-title" className="flex items-center gap-2 text-gold text-lg">
        <UserPlus className="size-5" aria-hidden />
        {t('friends.add')}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field
            label={t('friends.email')}
            type="email"
            autoComplete="off"
            placeholder={t('friends.emailPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={email.trim() === '' || add.isPending}>
          {add.isPending ? t('friends.sending') : t('friends.add')}
        </Button>
      </form>
    </Card>
  );
}

export function FriendsTab() {
  const t = useT();
  const friends = useFriends();
  return (
    <div className="grid gap-4">
      <AddFriendForm />
      {friends.isPending ? (
        <p className="py-10 text-center text-muted">{t('friends.loading')}</p>
      ) : friends.isError ? (
        <LoadFailed error={friends.error} />
      ) : friends.data.length === 0 ? (
        <EmptyTab icon={Users} title={t('friends.empty.title')}>
          {t('friends.empty.body')}
        </EmptyTab>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label={t('friends.label')}>
          {friends.data.map((friend) => (
            <FriendRow key={friend.id} friend={friend} />
          ))}
        </ul>
      )}
      <BlockedHeroes />
    </div>
  );
}
