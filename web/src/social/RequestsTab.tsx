import { Check, Inbox, X } from 'lucide-react';
import { classTitleText } from '../i18n/classTitle.ts';
import { timeAgoText } from '../i18n/format.ts';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { useNow } from '../ui/useNow.ts';
import { EmptyTab, HeroAvatar } from './socialParts.tsx';
import { useAnswerRequest, useFriendRequests } from './socialQueries.ts';

export function RequestsTab() {
  const t = useT();
  const requests = useFriendRequests();
  const answer = useAnswerRequest();
  const now = useNow();
  if (requests.isPending) return <p className="py-10 text-center text-muted">{t('requests.loading')}</p>;
  if (requests.isError) return <LoadFailed error={requests.error} />;
  if (requests.data.length === 0) {
    return (
      <EmptyTab icon={Inbox} title={t('requests.empty.title')}>
        {t('requests.empty.body')}
      </EmptyTab>
    );
  }
  return (
    <ul className="grid gap-2" aria-label={t('requests.label')}>
      {requests.data.map((request) => {
        const busy = answer.isPending && answer.variables?.request.id === request.id;
        const nameId = `request-${request.id}`;
        return (
          <li
            key={request.id}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-edge bg-surface/90 p-3"
          >
            <HeroAvatar name={request.requester.name} />
            <span className="grid min-w-0 flex-1 basis-40">
              <span id={nameId} className="break-words font-semibold text-parchment">
                {request.requester.name}
              </span>
              {/* The sender's address, masked: a name alone could be borrowed from a friend. */}
              <span className="break-all text-parchment/80 text-xs" data-testid="email-hint">
                {request.requester.email_hint}
              </span>
              <span className="break-words text-muted text-xs">
                {classTitleText(request.requester.activeClassTitle, t)} ·{' '}
                {timeAgoText(request.createdAt, now, t)}
              </span>
            </span>
            {/* On a phone the buttons take a row of their own, so the name is never cut short. */}
            <span className="flex w-full gap-2 sm:w-auto [&>button]:flex-1 sm:[&>button]:flex-none">
              <Button
                className="min-h-9 px-3 py-1.5"
                aria-describedby={nameId}
                disabled={busy}
                onClick={() => answer.mutate({ request, action: 'accept' })}
              >
                <Check className="size-4" aria-hidden />
                {t('requests.accept')}
              </Button>
              <Button
                variant="secondary"
                className="min-h-9 px-3 py-1.5"
                aria-describedby={nameId}
                disabled={busy}
                onClick={() => answer.mutate({ request, action: 'reject' })}
              >
                <X className="size-4" aria-hidden />
                {t('requests.reject')}
              </Button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
