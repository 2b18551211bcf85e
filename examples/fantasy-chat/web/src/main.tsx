import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { createQueryClient } from "./api/query-client";
import { rememberSignedInUser } from "./auth/use-auth";
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
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
void startNativeShell();
