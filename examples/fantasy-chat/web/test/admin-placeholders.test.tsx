// Issue #47: the admin dashboard's late parts (statistics, billing and its chart) hold their places while they load,
// so that what is below them does not move when they arrive.
import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { ADMIN_USERS, STATS, aBilling, aUser } from "./support/fixtures";
import { renderApp } from "./support/render-app";
import { server } from "./support/server";

/** The admin calls, each held until the test releases it. */
function heldAdminApi() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get("*/api/admin/stats", async () => {
      await released;
      return HttpResponse.json(STATS);
    }),
    http.get("*/api/admin/billing", async () => {
      await released;
      return HttpResponse.json(aBilling());
    }),
    http.get("*/api/admin/users", () => HttpResponse.json(ADMIN_USERS)),
  );
  return release;
}

describe("admin dashboard while its figures load", () => {
  it("shows blank cards and a chart frame in the figures' places, hidden from screen readers, which hear a status", async () => {
    const release = heldAdminApi();
    const { container } = renderApp("/admin", aUser({ role: "admin" }));
    await screen.findByRole("heading", { name: "Admin Dashboard" });
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toEqual(
      expect.arrayContaining(["Loading statistics", "Loading billing"]),
    );
    const grids = container.querySelectorAll(".stats-grid");
    expect(grids).toHaveLength(2);
    expect([...grids].map((grid) => grid.querySelectorAll(".stat-card").length)).toEqual([5, 7]);
    for (const grid of grids) expect(grid.closest('[aria-hidden="true"]')).not.toBeNull();
    const frame = container.querySelector(".chart .chart-svg");
    expect(frame?.getAttribute("viewBox")).toBe("0 0 600 160");
    expect(screen.queryByRole("list", { name: "Platform statistics" })).toBeNull();

    release();
    const stats = await screen.findByRole("list", { name: "Platform statistics" });
    expect(within(stats).getAllByRole("listitem")).toHaveLength(5);
    const figures = await screen.findByRole("list", { name: "Billing figures" });
    expect(within(figures).getAllByRole("listitem")).toHaveLength(7);
    expect(screen.getByRole("img", { name: "Last 30 days" }).getAttribute("viewBox")).toBe("0 0 600 160");
    expect(
      container.querySelector('[aria-hidden="true"] .stats-grid, .stats-grid[aria-hidden="true"]'),
    ).toBeNull();
    expect(screen.queryByText("Loading statistics")).toBeNull();
  });
});
