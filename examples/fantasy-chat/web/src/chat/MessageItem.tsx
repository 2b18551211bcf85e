import { useState } from "react";
import type { Message } from "../api/types";
import { Avatar } from "../ui/Avatar";
import type { IconName } from "../ui/Icon";
import { IconButton } from "../ui/IconButton";

/** What a message offers, depending on who wrote it and where it is. */
export interface MessageActions {
  /** Replaces a character reply with a new version (latest reply only). */
  onRegenerate?: () => void;
  /** Shows another version of the reply. */
  onSelectVersion?: (index: number) => void;
  /** Saves new text for a user message. */
  onEdit?: (content: string) => void;
  /** Deletes a user message and its reply. */
  onDelete?: () => void;
  /** True while any change to the chat is running. */
  busy: boolean;
}

/**
 * One message of the chat: a user bubble (edit, delete) or a character bubble with the portrait (regenerate and
 * swipes between versions when it is the latest reply).
 *
 * @example
 * <MessageItem message={m} avatarUrl={c.avatarUrl} characterName={c.name} actions={{ busy: false }} />
 */
export function MessageItem({
  message,
  avatarUrl,
  characterName,
  actions,
  streaming = false,
}: {
  message: Pick<Message, "role" | "content" | "editedAt" | "versionIndex" | "versionCount">;
  avatarUrl: string | null;
  characterName: string;
  actions: MessageActions;
  streaming?: boolean;
}) {
  const mine = message.role === "user";
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const versionCount = message.versionCount ?? 1;
  const versionIndex = message.versionIndex ?? 0;
  // The message's own actions, in display order; one the chat does not offer here has no `run`.
  const tools: { label: string; icon: IconName; run: (() => void) | undefined }[] = [
    { label: "Regenerate reply", icon: "refresh", run: actions.onRegenerate },
    {
      label: "Edit message",
      icon: "edit",
      run:
        actions.onEdit &&
        (() => {
          setDraft(message.content);
          setEditing(true);
        }),
    },
    { label: "Delete message", icon: "trash", run: actions.onDelete && (() => setConfirmDelete(true)) },
  ];

  return (
    <li className={`message ${mine ? "message-user" : "message-character"}`}>
      {mine ? null : <Avatar src={avatarUrl} size="sm" />}
      <div className="message-main">
        <span className="sr-only">{mine ? "You" : characterName}: </span>
        {editing ? (
          <form
            className="message-edit"
            onSubmit={(e) => {
              e.preventDefault();
              if (draft.trim()) {
                actions.onEdit?.(draft.trim());
                setEditing(false);
              }
            }}
          >
            <label className="sr-only" htmlFor="edit-message">
              Edit message
            </label>
            <textarea
              id="edit-message"
              className="input"
              value={draft}
              maxLength={2000}
              onChange={(e) => setDraft(e.target.value)}
            />
            <div className="row">
              <button
                type="submit"
                className="btn btn-primary btn-sm"
                disabled={!draft.trim() || actions.busy}
              >
                Save
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className={`bubble${streaming ? " bubble-streaming" : ""}`}>
            {message.content || (streaming ? <span className="typing" aria-label="Typing" /> : null)}
          </div>
        )}
        {message.editedAt ? <span className="message-meta">(edited)</span> : null}
        {confirmDelete ? (
          <div className="row message-confirm" role="group" aria-label="Confirm delete">
            <span className="message-meta">Delete this message and its reply?</span>
            <button
              type="button"
              className="btn btn-danger btn-sm"
              disabled={actions.busy}
              onClick={() => {
                setConfirmDelete(false);
                actions.onDelete?.();
              }}
            >
              Delete
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmDelete(false)}>
              Keep
            </button>
          </div>
        ) : null}
        {!editing && !confirmDelete && !streaming ? (
          <div className="message-actions">
            {actions.onSelectVersion && versionCount > 1 ? (
              <span className="swipes">
                <IconButton
                  label="Previous version"
                  icon="left"
                  disabled={actions.busy || versionIndex === 0}
                  onClick={() => actions.onSelectVersion?.(versionIndex - 1)}
                />
                <span className="message-meta" aria-label={`Version ${versionIndex + 1} of ${versionCount}`}>
                  {versionIndex + 1}/{versionCount}
                </span>
                <IconButton
                  label="Next version"
                  icon="right"
                  disabled={actions.busy || versionIndex >= versionCount - 1}
                  onClick={() => actions.onSelectVersion?.(versionIndex + 1)}
                />
              </span>
            ) : null}
            {tools.map((tool) =>
              tool.run ? (
                <IconButton
                  key={tool.label}
                  label={tool.label}
                  icon={tool.icon}
                  disabled={actions.busy}
                  onClick={tool.run}
                />
              ) : null,
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}
