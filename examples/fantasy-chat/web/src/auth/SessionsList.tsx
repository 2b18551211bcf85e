import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { localDate } from "../api/format";
import { apiRequest } from "../api/request";
import { toast } from "../toast/toast-store";
import { Section } from "../ui/Section";
import { Spinner } from "../ui/Spinner";

/** A session as `GET /api/auth/sessions` lists it. */
export interface SessionInfo {
  id: string;
  createdAt: string;
  expiresAt: string;
  userAgent: string | null;
  current: boolean;
}

export const SESSIONS_KEY = ["/api/auth/sessions"] as const;

/** Browsers and systems as User-Agent strings name them, most specific first (Edge says "Chrome" too). */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];
const first = (agent: string, names: [RegExp, string][]) =>
  names.find(([pattern]) => pattern.test(agent))?.[1];

/** A browser's User-Agent in a few words ("Firefox on Android"), or the whole string when unrecognised. */
export function describeAgent(agent: string | null): string {
  if (!agent) return "Unknown browser";
  const browser = first(agent, BROWSERS);
  const system = first(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? agent.slice(0, 60);
}

/** "Where you're signed in": each session, sign one out, or every other one. */
export function SessionsList() {
  const queryClient = useQueryClient();
  const sessions = useQuery<SessionInfo[]>({ queryKey: SESSIONS_KEY });
  const done = (description: string) => async () => {
    await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    toast({ title: "Signed out", description });
  };
  const failed = () =>
    toast({ title: "Error", description: "Could not sign out that session", variant: "destructive" });
  const endOne = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/auth/sessions/${encodeURIComponent(id)}`),
    onSuccess: done("That session has ended."),
    onError: failed,
  });
  const endOthers = useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/sessions/sign-out-others"),
    onSuccess: done("You are signed out everywhere else."),
    onError: failed,
  });
  const others = (sessions.data ?? []).filter((s) => !s.current);
  return (
    <Section id="sessions-title" title="Where you're signed in" className="card stack">
      {sessions.isLoading ? <Spinner label="Loading your sessions..." /> : null}
      <ul className="list">
        {(sessions.data ?? []).map((s) => (
          <li key={s.id} className="billing-row">
            <span>
              {describeAgent(s.userAgent)}
              {s.current ? <span className="badge badge-outline"> This device</span> : null}
            </span>
            <span className="muted">Since {localDate(s.createdAt)}</span>
            {s.current ? null : (
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={endOne.isPending}
                onClick={() => endOne.mutate(s.id)}
              >
                Sign out
                <span className="sr-only">
                  {" "}
                  {describeAgent(s.userAgent)} since {localDate(s.createdAt)}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <button
          type="button"
          className="btn btn-outline"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          Sign out everywhere else
        </button>
      ) : null}
    </Section>
  );
}
