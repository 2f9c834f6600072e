import { FOUNDATIONS, type Foundation } from '@lifequest/proto';
import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useT } from '../i18n/useT.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { foundationName } from './foundationText.ts';
import { foundationTheme } from './foundationTheme.ts';

export interface AssignMenuProps {
  /** Marks the trigger as this goal's control, so the page can hand the focus back to it. */
  goalId: string;
  /** Id of the element holding the goal's title, so the trigger is described by the goal it assigns. */
  goalTitleId: string;
  disabled: boolean;
  onAssign: (foundation: Foundation) => void;
}

export function AssignMenu({ goalId, goalTitleId, disabled, onAssign }: AssignMenuProps) {
  const t = useT();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        disabled={disabled}
        aria-describedby={goalTitleId}
        data-goal-control={goalId}
        className={buttonClasses('secondary', 'min-h-9 px-3 py-1.5')}
      >
        {t('foundations.assignTo')}
        <ChevronDown className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-lg border border-edge bg-surface-2 p-1 text-parchment shadow-xl"
        >
          {FOUNDATIONS.map((foundation) => (
            <DropdownMenu.Item
              key={foundation}
              onSelect={() => onAssign(foundation)}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-gold/15 data-[highlighted]:text-gold"
            >
              <span aria-hidden className={`size-2.5 rounded-full ${foundationTheme[foundation].bar}`} />
              {foundationName(t, foundation)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
