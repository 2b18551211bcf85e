import { useSyncExternalStore } from "react";

/** At most this many toasts are on screen (docs/product.md: one at a time). */
export const TOAST_LIMIT = 1;
/** How long a toast stays before it closes by itself. */
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast is kept (hidden) before it is dropped (docs/product.md). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

type Listener = () => void;

let nextId = 1;
let toasts: ToastItem[] = [];
const listeners = new Set<Listener>();
const removals = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/**
 * Closes a toast (all when no id); it is dropped from memory {@link TOAST_REMOVE_DELAY_MS} later.
 *
 * @example
 * const { id } = toast({ title: "Saved" }); dismissToast(id);
 */
export function dismissToast(id?: number): void {
  for (const item of toasts) {
    if ((id === undefined || item.id === id) && !removals.has(item.id)) {
      const timer = setTimeout(() => {
        removals.delete(item.id);
        emit(toasts.filter((t) => t.id !== item.id));
      }, TOAST_REMOVE_DELAY_MS);
      removals.set(item.id, timer);
    }
  }
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/**
 * Shows a toast, replacing the one on screen (one at a time).
 *
 * @example
 * toast({ title: "Profile Updated", description: "Your character profile has been saved successfully!" });
 */
export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Drops every toast at once (tests call it between cases). */
export function resetToasts(): void {
  for (const timer of removals.values()) clearTimeout(timer);
  removals.clear();
  emit([]);
}

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The toasts currently kept, newest first. */
export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts);
}
