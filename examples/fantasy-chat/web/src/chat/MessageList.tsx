import type { Character, Message } from "../api/types";
import { MessageItem } from "./MessageItem";
import type { MessageChange, Streaming } from "./use-chat";

/** Props of {@link MessageList}. */
export interface MessageListProps {
  readonly chatId: string | null;
  readonly character: Character;
  readonly messages: readonly Message[];
  readonly streaming: Streaming | null;
  readonly busy: boolean;
  readonly onRegenerate: (messageId: string) => void;
  readonly onChange: (change: MessageChange) => void;
}

/**
 * The conversation: each message with its actions (edit and delete on the user's own, regenerate and versions on
 * the latest reply), the reply being streamed in place of the one it regenerates or after the user's text.
 */
export function MessageList(props: MessageListProps) {
  const { chatId, character: c, messages: list, streaming, busy } = props;
  const lastReply = [...list].reverse().find((m) => m.role !== "user");
  return (
    <ol className="messages" aria-label={`Conversation with ${c.name}`} aria-live="polite">
      {list.length === 0 && !streaming ? <li className="muted text-center">No messages yet</li> : null}
      {list.map((m) =>
        streaming?.replacing === m.id ? (
          <MessageItem
            key={m.id}
            message={{ role: m.role, content: streaming.text }}
            avatarUrl={c.avatarUrl}
            characterName={c.name}
            actions={{ busy: true }}
            streaming
          />
        ) : (
          <MessageItem
            key={`${m.id}:${m.versionIndex ?? 0}:${m.editedAt ?? ""}`}
            message={m}
            avatarUrl={c.avatarUrl}
            characterName={c.name}
            actions={
              m.role === "user"
                ? {
                    busy,
                    onEdit: (content) =>
                      props.onChange({
                        method: "PATCH",
                        url: `/api/chats/${chatId}/messages/${m.id}`,
                        body: { content },
                        failure: "Failed to edit message",
                      }),
                    onDelete: () =>
                      props.onChange({
                        method: "DELETE",
                        url: `/api/chats/${chatId}/messages/${m.id}`,
                        failure: "Failed to delete message",
                      }),
                  }
                : m.id === lastReply?.id
                  ? {
                      busy,
                      onRegenerate: () => props.onRegenerate(m.id),
                      onSelectVersion: (index) =>
                        props.onChange({
                          method: "PUT",
                          url: `/api/chats/${chatId}/messages/${m.id}/version`,
                          body: { index },
                          failure: "Failed to switch version",
                        }),
                    }
                  : { busy }
            }
          />
        ),
      )}
      {streaming?.userText ? (
        <>
          <MessageItem
            message={{ role: "user", content: streaming.userText }}
            avatarUrl={null}
            characterName={c.name}
            actions={{ busy: true }}
            streaming
          />
          <MessageItem
            message={{ role: "character", content: streaming.text }}
            avatarUrl={c.avatarUrl}
            characterName={c.name}
            actions={{ busy: true }}
            streaming
          />
        </>
      ) : null}
    </ol>
  );
}
