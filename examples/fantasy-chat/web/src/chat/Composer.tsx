import type { FormEvent, KeyboardEvent } from "react";
import { Tooltip } from "../ui/Tooltip";
import { Icon } from "../ui/Icon";

/**
 * The message input: Enter sends, Shift+Enter makes a new line. While a reply streams, the send button becomes
 * a stop button.
 *
 * @example
 * <Composer value={text} onChange={setText} onSend={send} canSend={!!text.trim()} streaming={false} onStop={stop} />
 */
export function Composer({
  value,
  onChange,
  onSend,
  canSend,
  streaming,
  onStop,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  canSend: boolean;
  streaming: boolean;
  onStop: () => void;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSend) onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };
  return (
    <form className="composer" onSubmit={submit}>
      <label htmlFor="message-input" className="sr-only">
        Message
      </label>
      <textarea
        id="message-input"
        className="input composer-input"
        rows={1}
        placeholder="Type your message..."
        value={value}
        maxLength={2000}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {streaming ? (
        // Keyed apart: the Stop button is never turned into the Send button under the pointer.
        <Tooltip key="stop" label="Stop generating">
          <button type="button" className="btn btn-icon btn-ghost" aria-label="Stop" onClick={onStop}>
            <Icon name="stop" />
          </button>
        </Tooltip>
      ) : (
        <Tooltip key="send" label="Send message">
          <button type="submit" className="btn btn-icon btn-primary" aria-label="Send" disabled={!canSend}>
            <Icon name="send" />
          </button>
        </Tooltip>
      )}
    </form>
  );
}
