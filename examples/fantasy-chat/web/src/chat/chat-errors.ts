import { isApiError, needsSubscription } from "../api/api-error";
import { pageNavigation } from "../api/navigation";
import { toast } from "../toast/toast-store";

/** How long the 'Unauthorized' toast shows before the browser goes to the login page (docs/product.md). */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** A 401 on chat create or send: tell the user, then go to the login page after 500 ms. Returns whether it was. */
function handleUnauthorized(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 401) return false;
  toast({
    title: "Unauthorized",
    description: "You are logged out. Logging in again...",
    variant: "destructive",
  });
  setTimeout(() => pageNavigation.assign("/api/login"), LOGIN_REDIRECT_DELAY_MS);
  return true;
}

/**
 * docs/product.md for a failed send: 401 → 'Unauthorized' and login; 402 → the paywall (`openPaywall` with the
 * server's code); content policy → its message; anything else → 'Failed to send message'.
 *
 * @example
 * onError: (error) => handleSendError(error, (code) => setPaywall({ code }))
 */
export function handleSendError(error: unknown, openPaywall: (code: string | null) => void): void {
  if (handleUnauthorized(error)) return;
  if (needsSubscription(error)) {
    openPaywall(isApiError(error) ? error.code : null);
    return;
  }
  if (isApiError(error) && error.code === "content_policy") {
    toast({ title: "Error", description: "Message violates content guidelines", variant: "destructive" });
    return;
  }
  toast({ title: "Error", description: "Failed to send message", variant: "destructive" });
}

/** docs/product.md for a failed chat create: 401 → 'Unauthorized' and login; else 'Failed to create chat'. */
export function handleCreateError(error: unknown): void {
  if (handleUnauthorized(error)) return;
  toast({ title: "Error", description: "Failed to create chat", variant: "destructive" });
}

/** A failed change to an existing message (regenerate, version, edit, delete). */
export function handleMessageActionError(error: unknown, description: string): void {
  if (handleUnauthorized(error)) return;
  toast({ title: "Error", description, variant: "destructive" });
}

/** Whether an error is the abort of a fetch (the user pressed Stop). */
export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException ? error.name === "AbortError" : (error as Error)?.name === "AbortError";
