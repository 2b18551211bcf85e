import { Link, useParams, useSearch } from "wouter";
import { isPremium } from "../auth/access";
import { useAuth } from "../auth/use-auth";
import { ScreenSpinner } from "../ui/Spinner";
import { Section } from "../ui/Section";
import { ChatHeader } from "./ChatHeader";
import { Composer } from "./Composer";
import { MessageList } from "./MessageList";
import { OlderMessages } from "./OlderMessages";
import { PaywallModal } from "./PaywallModal";
import { CONVERSATION_STARTERS } from "./starters";
import { useChatDraft } from "./chat-draft";
import { useChat } from "./use-chat";
import { useFollowNewest } from "./use-follow-newest";

/** A chat that cannot be shown: no character chosen, or not found. */
function ChatNotice(props: { title: string; text: string; href: string; link: string; primary?: boolean }) {
  return (
    <main className="screen-center">
      <section className="card card-narrow text-center">
        <h1 className="title">{props.title}</h1>
        <p className="muted">{props.text}</p>
        <Link href={props.href} className={props.primary ? "btn btn-primary" : "btn btn-ghost"}>
          {props.link}
        </Link>
      </section>
    </main>
  );
}

/** The four conversation starters; choosing one fills the composer without sending. */
function Starters({ onChoose }: { onChoose: (text: string) => void }) {
  return (
    <Section id="starters-title" title="Start the conversation" className="starters">
      <div className="starter-grid">
        {CONVERSATION_STARTERS.map((s) => (
          <button key={s.title} type="button" className="starter" onClick={() => onChoose(s.text)}>
            <span className="starter-title">{s.title}</span>
            <span className="starter-description">{s.description}</span>
          </button>
        ))}
      </div>
    </Section>
  );
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
  const { user } = useAuth();
  const conversation = useChat(chatId, isNew ? new URLSearchParams(search).get("character") : null);
  const [input, setInput] = useChatDraft(chatId ?? `new:${conversation.characterId ?? ""}`);
  const { chat, character, characterId, messages, streaming, busy } = conversation;
  conversation.onSent.current = () => setInput("");

  // The newest message counts once the list is on screen (the chat and character may still be loading over a
  // cached list), so a reopened chat scrolls to its end when the list first shows.
  const listShown = !character.isLoading && !(chatId && (chat.isLoading || messages.isLoading));
  useFollowNewest(listShown ? messages.data?.at(-1)?.id : undefined, streaming);

  if (isNew && !characterId) {
    const text = "Pick a companion to begin a new story.";
    return (
      <ChatNotice
        title="No character selected"
        text={text}
        href="/characters"
        link="Choose Character"
        primary
      />
    );
  }
  if (chatId && chat.isLoading) return <ScreenSpinner label="Loading chat..." />;
  if (character.isLoading) return <ScreenSpinner label="Loading character..." />;
  if ((chatId && chat.isError) || character.isError || !character.data) {
    const text = "This conversation does not exist or is not yours.";
    return <ChatNotice title="Chat not found" text={text} href="/" link="Back to home" />;
  }

  const c = character.data;
  const list = messages.data ?? [];
  const showStarters = (isNew || (messages.isSuccess && list.length === 0)) && !streaming;
  const send = () => {
    const content = input.trim();
    if (!content || busy || !user) return;
    if (isNew && characterId) conversation.createChat.mutate(characterId);
    else conversation.sendMessage.mutate(content);
  };

  return (
    <div className="chat-page">
      <ChatHeader character={c} user={user ?? null} />
      <main className="chat-body">
        {chatId && messages.isLoading ? (
          <p className="muted text-center">Loading messages...</p>
        ) : (
          <>
            {chatId ? <OlderMessages pages={{ ...messages, count: list.length }} /> : null}
            <MessageList
              chatId={chatId}
              character={c}
              messages={list}
              streaming={streaming}
              busy={busy}
              onRegenerate={(id) => conversation.regenerate.mutate(id)}
              onChange={(change) => conversation.change.mutate(change)}
            />
          </>
        )}
        {showStarters ? <Starters onChoose={setInput} /> : null}
      </main>
      <footer className="chat-footer">
        {user && c.premium && !isPremium(user) ? (
          <p className="chat-locked" role="note">
            {c.name} is a Premium Realm companion.{" "}
            <Link href={chatId ? `/subscribe?return=${encodeURIComponent(`/chat/${chatId}`)}` : "/subscribe"}>
              Upgrade to Premium
            </Link>{" "}
            to talk without limits.
          </p>
        ) : null}
        <Composer
          value={input}
          onChange={setInput}
          onSend={send}
          canSend={!busy && input.trim() !== ""}
          streaming={streaming !== null}
          onStop={conversation.stop}
        />
      </footer>
      {conversation.paywall ? (
        <PaywallModal
          code={conversation.paywall.code}
          returnTo={chatId ? `/chat/${chatId}` : null}
          onClose={conversation.closePaywall}
        />
      ) : null}
    </div>
  );
}
