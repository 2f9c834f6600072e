import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { requestOpenChat } from '../chat/openChat.ts';
import { useT } from '../i18n/useT.ts';
import { Button, type ButtonVariant } from '../ui/Button.tsx';

/** From this width the Pathfinder page's AI Coach has room beside the plan it drafts. */
export const COACH_MEDIA = '(min-width: 1024px)';

/**
 * 'New Quest' (docs/features/first-week.md#next-step): The Pathfinder shapes every quest, so this opens
 * it: the AI Coach on a large screen, the chat bubble on a small one, where the coach's page is a long
 * scroll away from the dashboard.
 */
export function NewQuestButton({
  variant = 'primary',
  className = '',
}: {
  variant?: ButtonVariant;
  className?: string;
}) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Button
      variant={variant}
      className={className}
      onClick={() => {
        if (window.matchMedia?.(COACH_MEDIA).matches) navigate('/pathfinder?tab=chat');
        else requestOpenChat();
      }}
    >
      <Plus className="size-4" aria-hidden />
      {t('quests.new')}
    </Button>
  );
}
