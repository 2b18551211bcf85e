import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "../src/toast/Toaster";
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, toast, useToasts } from "../src/toast/toast-store";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip, TooltipProvider } from "../src/ui/Tooltip";

function Kept() {
  return <output data-testid="kept">{useToasts().length}</output>;
}

describe("toasts", () => {
  it("shows one toast at a time: a new one replaces the one on screen", () => {
    render(<Toaster />);
    act(() => void toast({ title: "First", description: "one" }));
    act(() => void toast({ title: "Second", description: "two" }));
    expect(screen.queryByText("First")).toBeNull();
    expect(screen.getByText("Second")).toBeTruthy();
    expect(screen.getAllByRole("status")).toHaveLength(1);
  });

  it("closes after 5000 ms and is dropped 1,000,000 ms after", () => {
    vi.useFakeTimers();
    render(
      <>
        <Toaster />
        <Kept />
      </>,
    );
    act(() => void toast({ title: "Brief" }));
    act(() => void vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText("Brief")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText("Brief")).toBeNull();
    expect(screen.getByTestId("kept").textContent).toBe("1");
    act(() => void vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(screen.getByTestId("kept").textContent).toBe("0");
  });

  it("is dismissed by a swipe to the right of 50 px, not by a shorter one", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Swipe me" }));
    const item = screen.getByText("Swipe me").closest("li") as HTMLElement;
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 149, pointerId: 1 });
    expect(screen.getByText("Swipe me")).toBeTruthy();
    fireEvent.pointerDown(item, { clientX: 100, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 130, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 150, pointerId: 1 });
    expect(screen.queryByText("Swipe me")).toBeNull();
  });

  it("closes with its close button", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Closable" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByText("Closable")).toBeNull();
  });

  it("focuses the notifications region on F8", () => {
    render(<Toaster />);
    fireEvent.keyDown(window, { key: "F8" });
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(region.contains(document.activeElement)).toBe(true);
  });

  it("marks destructive toasts", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Bad", variant: "destructive" }));
    expect(screen.getByText("Bad").closest("li")?.className).toContain("toast-destructive");
  });
});

/** Renders one button per `[tooltip label, button text]` under a provider, with fake timers. */
function renderTooltips(tips: [label: string, text: string][]) {
  vi.useFakeTimers();
  render(
    <TooltipProvider>
      {tips.map(([label, text]) => (
        <Tooltip key={label} label={label}>
          <button type="button">{text}</button>
        </Tooltip>
      ))}
    </TooltipProvider>,
  );
}

describe("tooltips", () => {
  it("open after 700 ms, and the next opens at once within the 300 ms skip delay", () => {
    renderTooltips([
      ["Regenerate reply", "A"],
      ["Edit message", "B"],
    ]);
    fireEvent.pointerEnter(screen.getByText("A"));
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole("tooltip")).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByRole("tooltip").textContent).toBe("Regenerate reply");
    expect(screen.getByText("A").getAttribute("aria-describedby")).toBe(screen.getByRole("tooltip").id);
    fireEvent.pointerLeave(screen.getByText("A"));
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.pointerEnter(screen.getByText("B"));
    expect(screen.getByRole("tooltip").textContent).toBe("Edit message");
    fireEvent.pointerLeave(screen.getByText("B"));
    act(() => void vi.advanceTimersByTime(TOOLTIP_SKIP_DELAY_MS + 1));
    fireEvent.pointerEnter(screen.getByText("A"));
    expect(screen.queryByRole("tooltip")).toBeNull();
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole("tooltip")).toBeTruthy();
  });

  it("close on Escape", () => {
    renderTooltips([["Send message", "Send"]]);
    fireEvent.focus(screen.getByText("Send"));
    act(() => void vi.advanceTimersByTime(TOOLTIP_DELAY_MS));
    expect(screen.getByRole("tooltip")).toBeTruthy();
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
  });
});
