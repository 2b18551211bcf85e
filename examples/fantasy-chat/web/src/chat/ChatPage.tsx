import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { CHATS_KEY, characterKey, chatKey, messagesKey } from "../api/keys";
import { apiRequest } from "../api/request";
import type { Character, Chat, Message } from "../api/types";
import { freeMessagesLeft, isPremium } from "../auth/access";
import { USER_KEY, useAuth } from "../auth/use-auth";
import { Avatar } from "../ui/Avatar";
import { ScreenSpinner } from "../ui/Spinner";
import { handleCreateError, handleMessageActionError, handleSendError, isAbort } from "./chat-errors";
import { Composer } from "./Composer";
import { MessageItem } from "./MessageItem";
import { PaywallModal } from "./PaywallModal";
import { CONVERSATION_STARTERS } from "./starters";
import { streamReply } from "./stream-reply";
import { Icon } from "../ui/Icon";
import { Section } from "../ui/Section";

/** A reply being streamed: after a send (with the user's text shown) or replacing a regenerated reply. */
interface Streaming {
  userText: string | null;
  replacing: string | null;
  text: string;
}

/**
 * The chat screen (`/chat/{id}` and `/chat/new?character={id}`): header with the allowance badge, messages,
 * starters, the composer, the streamed reply, regenerate/swipes/edit/delete/stop and the paywall.
 */
export default function ChatPage() {
  const params = useParams<{ id: string }>();
  const search = useSearch();
  const isNew = params.id === "new";
  const chatId = isNew ? null : params.id;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { user } = useAuth();
  const [input, setInput] = useState("");
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [paywall, setPaywall] = useState<{ code: string | null } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement>(null);

  const chat = useQuery<Chat>({ queryKey: chatKey(chatId ?? ""), enabled: chatId !== null });
  const characterId = isNew ? new URLSearchParams(search).get("character") : (chat.data?.characterId ?? null);
  const character = useQuery<Character>({
    queryKey: characterKey(characterId ?? ""),
    enabled: characterId !== null,
  });
  const messages = useQuery<Message[]>({ queryKey: messagesKey(chatId ?? ""), enabled: chatId !== null });

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: "end" });
  }, [messages.data, streaming?.text]);

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

  const sendMessage = useMutation({
    mutationFn: async (content: string) => {
      await stream(`/api/chats/${chatId}/messages`, { content }, { userText: content, replacing: null });
    },
    onSuccess: () => setInput(""),
    onError: (error) => handleSendError(error, (code) => setPaywall({ code })),
  });

  const regenerate = useMutation({
    mutationFn: (messageId: string) =>
      stream(
        `/api/chats/${chatId}/messages/${messageId}/regenerate`,
        {},
        { userText: null, replacing: messageId },
      ),
    onError: (error) => handleMessageActionError(error, "Failed to regenerate reply"),
  });

  const change = useMutation({
    mutationFn: async (action: { method: string; url: string; body?: unknown; failure: string }) =>
      apiRequest(action.method, action.url, action.body),
    onSettled: refresh,
    onError: (error, action) => handleMessageActionError(error, action.failure),
  });

  if (isNew && !characterId) {
    return (
      <main className="screen-center">
        <section className="card card-narrow text-center">
          <h1 className="title">No character selected</h1>
          <p className="muted">Pick a companion to begin a new story.</p>
          <Link href="/characters" className="btn btn-primary">
            Choose Character
          </Link>
        </section>
      </main>
    );
  }
  if (chatId && chat.isLoading) return <ScreenSpinner label="Loading chat..." />;
  if (character.isLoading) return <ScreenSpinner label="Loading character..." />;
  if ((chatId && chat.isError) || character.isError || !character.data) {
    return (
      <main className="screen-center">
        <section className="card card-narrow text-center">
          <h1 className="title">Chat not found</h1>
          <p className="muted">This conversation does not exist or is not yours.</p>
          <Link href="/" className="btn btn-ghost">
            Back to home
          </Link>
        </section>
      </main>
    );
  }

  const c = character.data;
  const list = messages.data ?? [];
  const busy = createChat.isPending || sendMessage.isPending || regenerate.isPending || change.isPending;
  const lastReply = [...list].reverse().find((m) => m.role !== "user");
  const showStarters = (isNew || (messages.isSuccess && list.length === 0)) && !streaming;

  const send = () => {
    const content = input.trim();
    if (!content || busy || !user) return;
    if (isNew && characterId) createChat.mutate(characterId);
    else sendMessage.mutate(content);
  };

  return (
    <div className="chat-page">
      <header className="chat-header">
        <Link href="/" className="btn btn-icon btn-ghost" aria-label="Back to home">
          <Icon name="back" />
        </Link>
        <Avatar src={c.avatarUrl} size="sm" />
        <div className="chat-header-text">
          <h1 className="chat-name">{c.name}</h1>
          <p className="chat-title">{c.title}</p>
          <p className="chat-online">
            <span className="online-dot" aria-hidden="true" /> Online
          </p>
        </div>
        {user ? (
          <span className={`badge ${isPremium(user) ? "badge-gold" : "badge-outline"}`}>
            {isPremium(user) ? "Unlimited" : `${freeMessagesLeft(user)} left`}
          </span>
        ) : null}
      </header>

      <main className="chat-body">
        {chatId && messages.isLoading ? (
          <p className="muted text-center">Loading messages...</p>
        ) : (
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
                            change.mutate({
                              method: "PATCH",
                              url: `/api/chats/${chatId}/messages/${m.id}`,
                              body: { content },
                              failure: "Failed to edit message",
                            }),
                          onDelete: () =>
                            change.mutate({
                              method: "DELETE",
                              url: `/api/chats/${chatId}/messages/${m.id}`,
                              failure: "Failed to delete message",
                            }),
                        }
                      : m.id === lastReply?.id
                        ? {
                            busy,
                            onRegenerate: () => regenerate.mutate(m.id),
                            onSelectVersion: (index) =>
                              change.mutate({
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
        )}

        {showStarters ? (
          <Section id="starters-title" title="Start the conversation" className="starters">
            <div className="starter-grid">
              {CONVERSATION_STARTERS.map((s) => (
                <button key={s.title} type="button" className="starter" onClick={() => setInput(s.text)}>
                  <span className="starter-title">{s.title}</span>
                  <span className="starter-description">{s.description}</span>
                </button>
              ))}
            </div>
          </Section>
        ) : null}
        <div ref={endRef} />
      </main>

      <footer className="chat-footer">
        <Composer
          value={input}
          onChange={setInput}
          onSend={send}
          canSend={!busy && input.trim() !== ""}
          streaming={streaming !== null}
          onStop={() => abort.current?.abort()}
        />
      </footer>
      {paywall ? <PaywallModal code={paywall.code} onClose={() => setPaywall(null)} /> : null}
    </div>
  );
}
