import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App, preloadScreen } from "./App";
import { seedInlineConfig } from "./api/inline-config";
import { createQueryClient } from "./api/query-client";
import { readRemembered, rememberSignedInUser } from "./auth/use-auth";
import { startNativeShell } from "./native/native-shell";
import "./styles.css";

/** The page's localStorage, or null where reading it throws (storage disabled, a sandboxed frame). */
function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const root = document.getElementById("root");
if (root) {
  const queryClient = createQueryClient();
  const storage = localStore();
  if (storage) rememberSignedInUser(queryClient, storage, document);
  seedInlineConfig(queryClient, document);
  // The HTML's frame stays until the first screen's code is here, so the page replaces the frame at once.
  const signedIn = storage !== null && readRemembered(storage) !== null;
  void preloadScreen(window.location.pathname, signedIn).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
void startNativeShell();
