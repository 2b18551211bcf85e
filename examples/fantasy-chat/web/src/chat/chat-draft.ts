import { useEffect, useState } from "react";

const PREFIX = "realmheart:draft:";

/** The session's storage, or null where it cannot be used (a private mode that refuses it, a test without it). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The composer's text, kept for the tab's session under `key` (the chat's id, or `new:{characterId}`), so a visit
 * to /subscribe from the paywall, a reload or a wrong tap on Back does not lose what the user typed. Cleared when
 * the text is (a sent message).
 *
 * @example
 * const [input, setInput] = useChatDraft(chatId ?? `new:${characterId}`);
 */
export function useChatDraft(key: string): [string, (text: string) => void] {
  const [text, setText] = useState(() => storage()?.getItem(PREFIX + key) ?? "");
  // Another chat: its own draft. A new chat that was just created (`new:…` became its id) keeps the text on screen.
  useEffect(() => {
    const stored = storage()?.getItem(PREFIX + key) ?? null;
    setText((current) => {
      if (stored !== null) return stored;
      save(key, current);
      return current;
    });
  }, [key]);
  const update = (next: string) => {
    setText(next);
    save(key, next);
  };
  return [text, update];
}

function save(key: string, text: string): void {
  try {
    if (text) storage()?.setItem(PREFIX + key, text);
    else storage()?.removeItem(PREFIX + key);
  } catch {
    // a full storage keeps the text on screen only
  }
}
