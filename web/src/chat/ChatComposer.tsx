import { AI_MESSAGE_MAX } from '@lifequest/proto';
import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, type MouseEvent, type Ref, useId, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { Button } from '../ui/Button.tsx';
import { inputClasses } from '../ui/Field.tsx';

export interface ChatComposerProps {
  /** The message box's accessible name. */
  label: string;
  placeholder: string;
  /** A reply is on its way: nothing more is sent until it arrives (docs/product.md#pathfinder). */
  pending: boolean;
  onSend: (text: string) => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
  id?: string;
}

/**
 * The message box of every chat with The Pathfinder: Enter sends, Shift+Enter adds a newline, and a
 * message blank after trimming, or one typed while a reply is pending, is not sent (docs/product.md#pathfinder).
 */
export function ChatComposer({ label, placeholder, pending, onSend, textareaRef, id }: ChatComposerProps) {
  const t = useT();
  const [draft, setDraft] = useState('');
  const generated = useId();
  const boxId = id ?? generated;
  const canSend = draft.trim() !== '' && !pending;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    const text = draft;
    setDraft('');
    onSend(text);
  }

  function onSendClick(event: MouseEvent<HTMLButtonElement>) {
    // Sending empties the draft, which disables Send, and a disabled button drops the keyboard focus to
    // the page. A click from the keyboard (detail 0) hands it to the message box, where the reply is
    // answered; a pointer click leaves it alone, so a phone does not reopen its keyboard over the reply.
    if (event.detail === 0) document.getElementById(boxId)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form className="flex items-end gap-2" onSubmit={submit}>
      <label htmlFor={boxId} className="sr-only">
        {label}
      </label>
      <textarea
        ref={textareaRef}
        id={boxId}
        rows={2}
        maxLength={AI_MESSAGE_MAX}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        className={inputClasses('resize-none')}
      />
      <Button
        type="submit"
        disabled={!canSend}
        aria-label={t('chat.send')}
        onClick={onSendClick}
        className="shrink-0"
      >
        <Send className="size-4" aria-hidden />
      </Button>
    </form>
  );
}
