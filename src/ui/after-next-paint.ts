/**
 * Runs `work` in a task after the next frame is painted (right away in a task where frames are not drawn): what a
 * press starts, beyond the UI's own answer, waits until that answer is on screen, so that the press feels at once.
 *
 * @example
 * setBusy(true);
 * afterNextPaint(() => startPurchase());
 */
export function afterNextPaint(work: () => void): void {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(() => setTimeout(work, 0));
  else setTimeout(work, 0);
}
