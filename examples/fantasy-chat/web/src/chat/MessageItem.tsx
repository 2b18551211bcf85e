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

/** Editing a user message: the text, Save (trimmed, not blank) and Cancel. */
function EditForm(props: {
  draft: string;
  onDraft: (draft: string) => void;
  busy: boolean;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const { draft } = props;
  return (
    <form
      className="message-edit"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.trim()) props.onSave(draft.trim());
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
        onChange={(e) => props.onDraft(e.target.value)}
      />
      <div className="row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={!draft.trim() || props.busy}>
          Save
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Swipes between the versions of the latest reply: previous, "n/N", next. */
function Swipes(props: { index: number; count: number; busy: boolean; onSelect: (index: number) => void }) {
  const { index, count, busy } = props;
  return (
    <span className="swipes">
      <IconButton
        label="Previous version"
        icon="left"
        disabled={busy || index === 0}
        onClick={() => props.onSelect(index - 1)}
      />
      <span className="message-meta" aria-label={`Version ${index + 1} of ${count}`}>
        {index + 1}/{count}
      </span>
      <IconButton
        label="Next version"
        icon="right"
        disabled={busy || index >= count - 1}
        onClick={() => props.onSelect(index + 1)}
      />
    </span>
  );
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
  /** A reply being streamed has only its role and text so far. */
  message: Pick<Message, "role" | "content"> &
    Partial<Pick<Message, "editedAt" | "versionIndex" | "versionCount">>;
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
          <EditForm
            draft={draft}
            onDraft={setDraft}
            busy={actions.busy}
            onSave={(content) => {
              actions.onEdit?.(content);
              setEditing(false);
            }}
            onCancel={() => setEditing(false)}
          />
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
              <Swipes
                index={versionIndex}
                count={versionCount}
                busy={actions.busy}
                onSelect={actions.onSelectVersion}
              />
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
