import { Flame, UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Field } from '../ui/Field.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { EmptyTab, HeroAvatar } from './socialParts.tsx';
import { useAddFriend, useFriends } from './socialQueries.ts';

/** Spec 5: Add Friend is disabled while the e-mail is empty; the input is of type email. */
function AddFriendForm() {
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
        Add Friend
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field
            label="Friend's e-mail"
            type="email"
            autoComplete="off"
            placeholder="friend@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={email.trim() === '' || add.isPending}>
          {add.isPending ? 'Sending...' : 'Add Friend'}
        </Button>
      </form>
    </Card>
  );
}

export function FriendsTab() {
  const friends = useFriends();
  return (
    <div className="grid gap-4">
      <AddFriendForm />
      {friends.isPending ? (
        <p className="py-10 text-center text-muted">Loading your friends...</p>
      ) : friends.isError ? (
        <LoadFailed error={friends.error} />
      ) : friends.data.length === 0 ? (
        <EmptyTab icon={Users} title="No friends yet">
          Add a friend by e-mail and your fellowship begins.
        </EmptyTab>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Your friends">
          {friends.data.map((friend) => (
            <li
              key={friend.id}
              className="flex items-center gap-3 rounded-xl border border-edge bg-surface/90 p-3"
            >
              <HeroAvatar name={friend.name} />
              <span className="grid min-w-0 flex-1">
                <span className="break-words font-semibold text-parchment">{friend.name}</span>
                <span className="break-words text-muted text-xs">{friend.activeClassTitle}</span>
              </span>
              <span className="grid shrink-0 justify-items-end text-sm">
                <span className="font-semibold text-gold">Level {friend.lifeLevel}</span>
                <span className="text-muted text-xs">{friend.totalXP.toLocaleString('en-US')} XP</span>
                {friend.friend_streak > 0 ? (
                  <span
                    className="inline-flex items-center gap-0.5 text-orange-300 text-xs"
                    title={`You have both kept your streak ${friend.friend_streak} days in a row`}
                    data-testid="friend-streak"
                  >
                    <Flame className="size-3.5" aria-hidden />
                    {friend.friend_streak} together
                  </span>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
