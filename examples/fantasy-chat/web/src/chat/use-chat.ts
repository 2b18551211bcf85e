import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { CHATS_KEY, characterKey, chatKey, messagesKey } from "../api/keys";
import { apiRequest } from "../api/request";
import type { Character, Chat } from "../api/types";
import { USER_KEY } from "../auth/use-auth";
import { isApiError, needsSubscription } from "../api/api-error";
import { handleCreateError, handleMessageActionError, handleSendError, isAbort } from "./chat-errors";
import { streamReply } from "./stream-reply";
import { useMessagePages } from "./message-pages";

/** A reply being streamed: after a send (with the user's text shown) or replacing a regenerated reply. */
export interface Streaming {
  userText: string | null;
  replacing: string | null;
  text: string;
}

/** A change to one message: edit, delete or switch version. */
export interface MessageChange {
  method: string;
  url: string;
  body?: unknown;
  failure: string;
}

/**
 * The data and actions of one chat screen: the chat, its character and messages, the reply being streamed, and
 * the mutations that create the chat, send, regenerate and change messages. `chatId` null is a new chat of
 * `characterId`.
 */
export function useChat(chatId: string | null, newChatCharacterId: string | null) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [paywall, setPaywall] = useState<{ code: string | null } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const chat = useQuery<Chat>({ queryKey: chatKey(chatId ?? ""), enabled: chatId !== null });
  const characterId = chatId === null ? newChatCharacterId : (chat.data?.characterId ?? null);
  const character = useQuery<Character>({
    queryKey: characterKey(characterId ?? ""),
    enabled: characterId !== null,
  });
  const messages = useMessagePages(chatId);

  useEffect(() => () => abort.current?.abort(), []);

  const refresh = async () => {
    await Promise.all([
      chatId ? queryClient.invalidateQueries({ queryKey: messagesKey(chatId) }) : null,
      queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_KEY }),
    ]);
  };

  const createChat = useMutation({
    mutationFn: async (id: string) =>
      (await (await apiRequest("POST", "/api/chats", { characterId: id, title: null })).json()) as Chat,
    onSuccess: async (created) => {
      navigate(`/chat/${created.id}`, { replace: true });
      await queryClient.invalidateQueries({ queryKey: CHATS_KEY });
    },
    onError: handleCreateError,
  });

  /** Streams a reply from `url`, showing it as it comes; Stop aborts and the messages are read again. */
  const stream = async (url: string, body: unknown, shown: Omit<Streaming, "text">) => {
    const controller = new AbortController();
    abort.current = controller;
    setStreaming({ ...shown, text: "" });
    try {
      await streamReply(url, body, {
        signal: controller.signal,
        onChunk: (text) => setStreaming((s) => (s ? { ...s, text: s.text + text } : s)),
      });
      return true;
    } catch (error) {
      if (isAbort(error)) return true;
      throw error;
    } finally {
      abort.current = null;
      await refresh();
      setStreaming(null);
    }
  };

  const onSent = useRef(() => {});
  const sendMessage = useMutation({
    mutationFn: async (content: string) => {
      await stream(`/api/chats/${chatId}/messages`, { content }, { userText: content, replacing: null });
    },
    onSuccess: () => onSent.current(),
    onError: (error) => handleSendError(error, (code) => setPaywall({ code })),
  });

  const regenerate = useMutation({
    mutationFn: (messageId: string) =>
      stream(
        `/api/chats/${chatId}/messages/${messageId}/regenerate`,
        {},
        { userText: null, replacing: messageId },
      ),
    // A regeneration costs a free message like a send: out of them, the paywall opens as it does for a send.
    onError: (error) =>
      needsSubscription(error)
        ? setPaywall({ code: isApiError(error) ? error.code : null })
        : handleMessageActionError(error, "Failed to regenerate reply"),
  });

  const change = useMutation({
    mutationFn: async (action: MessageChange) => apiRequest(action.method, action.url, action.body),
    onSettled: refresh,
    onError: (error, action) => handleMessageActionError(error, action.failure),
  });

  const busy = createChat.isPending || sendMessage.isPending || regenerate.isPending || change.isPending;
  return {
    chat,
    character,
    characterId,
    messages,
    streaming,
    paywall,
    closePaywall: () => setPaywall(null),
    stop: () => abort.current?.abort(),
    busy,
    createChat,
    sendMessage,
    regenerate,
    change,
    /** Called after a send succeeded (the composer clears its text). */
    onSent,
  };
}
