import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { ADMIN_USERS, STATS, aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

function adminApi() {
  const calls = { stats: 0, users: 0, roles: [] as unknown[] };
  server.use(
    http.get("*/api/admin/stats", () => {
      calls.stats += 1;
      return HttpResponse.json(STATS);
    }),
    http.get("*/api/admin/users", () => {
      calls.users += 1;
      return HttpResponse.json(ADMIN_USERS);
    }),
  );
  return calls;
}

describe("admin dashboard", () => {
  it("shows five statistics cards and the user table with status badges and local join dates", async () => {
    adminApi();
    renderApp("/admin", aUser({ role: "admin" }));
    expect(await screen.findByRole("heading", { name: "Admin Dashboard" })).toBeTruthy();
    const stats = await screen.findByRole("list", { name: "Platform statistics" });
    expect(
      within(stats)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      "Total Users12",
      "Active Subscriptions4",
      "Trial Users7",
      "Total Chats30",
      "Total Messages410",
    ]);
    expect(screen.getByRole("heading", { name: "User Management" })).toBeTruthy();
    const table = screen.getByRole("region", { name: "User Management" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(["User", "Email", "Role", "Subscription", "Joined", "Actions"]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(4);
    const badge = (row: number, text: string) =>
      within(rows[row] as HTMLElement).getByText(text, { selector: ".badge" });
    expect(badge(0, "Active").className).toContain("badge-success");
    expect(badge(1, "Trial").className).toContain("badge-outline");
    expect(badge(2, "Expired").className).toContain("badge-danger");
    expect(badge(3, "past_due").className).toContain("badge-neutral");
    expect(
      within(rows[0] as HTMLElement).getByText(new Date(ADMIN_USERS[0]!.createdAt).toLocaleDateString()),
    ).toBeTruthy();
    const select = within(rows[1] as HTMLElement).getByRole("combobox") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(["User", "Admin"]);
  });

  it("changes a role: dropdowns are disabled while pending, then users and stats are read again", async () => {
    const calls = adminApi();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post("*/api/admin/users/:id/role", async ({ request, params }) => {
        calls.roles.push({ id: params.id, body: await request.json() });
        await gate;
        return HttpResponse.json({ id: params.id, role: "admin" });
      }),
    );
    const app = renderApp("/admin", aUser({ role: "admin" }));
    const select = (await screen.findByLabelText("Role for bran@example.test")) as HTMLSelectElement;
    await app.user.selectOptions(select, "admin");
    await waitFor(() => expect(select.disabled).toBe(true));
    expect((screen.getByLabelText("Role for cass@example.test") as HTMLSelectElement).disabled).toBe(true);
    const before = { ...calls };
    release();
    await findToast("Role Updated", "User role has been successfully updated.");
    await waitFor(() => expect(calls.users).toBeGreaterThan(before.users));
    expect(calls.stats).toBeGreaterThan(before.stats);
    expect(calls.roles).toEqual([{ id: "u-2", body: { role: "admin" } }]);
  });

  it("says 'Update Failed' when the role change is refused", async () => {
    adminApi();
    server.use(
      http.post("*/api/admin/users/:id/role", () =>
        apiError(409, "The last administrator cannot be demoted.", "last_admin"),
      ),
    );
    const app = renderApp("/admin", aUser({ role: "admin" }));
    await app.user.selectOptions(await screen.findByLabelText("Role for ysolde@example.test"), "user");
    await findToast("Update Failed", "Failed to update user role.");
  });

  it("tells a non-admin that the dashboard is for administrators", async () => {
    server.use(
      http.get("*/api/admin/stats", () => apiError(403, "Forbidden", "admin_only")),
      http.get("*/api/admin/users", () => apiError(403, "Forbidden", "admin_only")),
    );
    renderApp("/admin", aUser());
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeTruthy();
  });
});
