import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../src/App";
import { createQueryClient } from "../../src/api/query-client";
import type { User } from "../../src/api/types";
import { signedIn } from "./server";

/**
 * Renders the whole client at `path` for `user` (null: signed out), with a fresh query client and an in-memory
 * address whose history tests can read.
 */
export function renderApp(path: string, user: User | null) {
  signedIn(user);
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(<App queryClient={queryClient} hook={location.hook} />);
  return {
    ...result,
    queryClient,
    user: userEvent.setup(),
    /** The current address (path and search). */
    path: () => location.history?.[location.history.length - 1] ?? path,
    location,
  };
}

/** The toast on screen: its title and description texts. */
export async function findToast(title: string, description?: string) {
  const region = await screen.findByRole("region", { name: "Notifications (F8)" });
  const toast = await screen.findByText(title, { selector: ".toast-title" });
  if (description !== undefined) {
    const body = toast.closest(".toast")?.querySelector(".toast-description")?.textContent;
    if (body !== description) throw new Error(`Toast "${title}" says "${body}", not "${description}"`);
  }
  return { region, toast: toast.closest("li") as HTMLLIElement };
}
