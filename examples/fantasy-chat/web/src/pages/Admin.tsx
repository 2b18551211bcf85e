import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { isApiError } from "../api/api-error";
import { localDate } from "../api/format";
import { ADMIN_STATS_KEY, ADMIN_USERS_KEY } from "../api/keys";
import { apiRequest } from "../api/request";
import type { AdminStats, AdminUser } from "../api/types";
import { toast } from "../toast/toast-store";
import { BackPage } from "../ui/BackPage";
import { Section } from "../ui/Section";
import { Spinner } from "../ui/Spinner";
import { Icon, type IconName } from "../ui/Icon";
import { useState } from "react";
import { BillingOverview } from "../admin/BillingOverview";
import { UserBillingDialog } from "../admin/UserBillingDialog";

const CARDS: { key: keyof AdminStats; label: string; icon: IconName }[] = [
  { key: "totalUsers", label: "Total Users", icon: "users" },
  { key: "activeSubscriptions", label: "Active Subscriptions", icon: "crown" },
  { key: "trialUsers", label: "Trial Users", icon: "hourglass" },
  { key: "totalChats", label: "Total Chats", icon: "chat" },
  { key: "totalMessages", label: "Total Messages", icon: "mail" },
];

/** A subscription status as a badge: Active green, Trial outlined, Expired red, anything else neutral. */
export function StatusBadge({ status }: { status: string }) {
  if (status === "active") return <span className="badge badge-success">Active</span>;
  if (status === "trial") return <span className="badge badge-outline">Trial</span>;
  if (status === "expired") return <span className="badge badge-danger">Expired</span>;
  return <span className="badge badge-neutral">{status}</span>;
}

/** A line's height of nothing: what a card shows in place of its text while the figures load. */
const BLANK = "\u00a0";

/**
 * The five statistics. While they load, blank cards of the same size hold their place (hidden from assistive
 * technology, which hears a status instead), so that nothing below moves when the figures arrive.
 */
function StatCards({ stats }: { stats: AdminStats | null }) {
  if (!stats)
    return (
      <>
        <p className="sr-only" role="status">
          Loading statistics
        </p>
        <ul className="stats-grid" aria-hidden="true">
          {CARDS.map((card) => (
            <li key={card.key} className="card stat-card">
              <span className="stat-label">
                <Icon name={card.icon} size={18} />
                {BLANK}
              </span>
              <span className="stat-value">{BLANK}</span>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <ul className="stats-grid" aria-label="Platform statistics">
      {CARDS.map((card) => (
        <li key={card.key} className="card stat-card">
          <span className="stat-label">
            <Icon name={card.icon} size={18} />
            {card.label}
          </span>
          <span className="stat-value">{stats[card.key]}</span>
        </li>
      ))}
    </ul>
  );
}

/** The admin dashboard (`/admin`): five statistics, billing, and the user table with roles and each user's billing. */
export default function Admin() {
  const queryClient = useQueryClient();
  const [billingOf, setBillingOf] = useState<AdminUser | null>(null);
  const stats = useQuery<AdminStats>({ queryKey: ADMIN_STATS_KEY });
  const users = useQuery<AdminUser[]>({ queryKey: ADMIN_USERS_KEY });
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: string }) =>
      apiRequest("POST", `/api/admin/users/${id}/role`, { role }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_STATS_KEY }),
      ]);
      toast({ title: "Role Updated", description: "User role has been successfully updated." });
    },
    onError: () =>
      toast({ title: "Update Failed", description: "Failed to update user role.", variant: "destructive" }),
  });
  const forbidden = isApiError(stats.error) && (stats.error.status === 403 || stats.error.status === 401);

  return (
    <BackPage>
      <h1 className="title">Admin Dashboard</h1>
      <p className="muted">Realmheart — fantasy romance chat platform management</p>

      {forbidden ? (
        <section className="card">
          <h2 className="section-title">Admins only</h2>
          <p className="muted">This dashboard is for administrators.</p>
        </section>
      ) : (
        <>
          {stats.data || stats.isLoading ? <StatCards stats={stats.data ?? null} /> : null}

          <BillingOverview />

          <Section id="users-title" title="User Management" className="card section">
            {users.isLoading ? (
              <Spinner label="Loading users" />
            ) : (
              <div className="table-wrap">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">User</th>
                      <th scope="col">Email</th>
                      <th scope="col">Role</th>
                      <th scope="col">Subscription</th>
                      <th scope="col">Joined</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {(users.data ?? []).map((u) => {
                      const name = [u.firstName, u.lastName].filter(Boolean).join(" ") || "—";
                      return (
                        <tr key={u.id}>
                          <td>{name}</td>
                          <td>{u.email}</td>
                          <td>
                            <span className={`badge ${u.role === "admin" ? "badge-gold" : "badge-neutral"}`}>
                              {u.role === "admin" ? "Admin" : "User"}
                            </span>
                          </td>
                          <td>
                            <StatusBadge status={u.subscriptionStatus} />
                          </td>
                          <td>{localDate(u.createdAt)}</td>
                          <td>
                            <label className="sr-only" htmlFor={`role-${u.id}`}>
                              Role for {u.email}
                            </label>
                            <select
                              id={`role-${u.id}`}
                              className="input input-sm"
                              value={u.role}
                              disabled={changeRole.isPending}
                              onChange={(e) => changeRole.mutate({ id: u.id, role: e.target.value })}
                            >
                              <option value="user">User</option>
                              <option value="admin">Admin</option>
                            </select>{" "}
                            <button
                              type="button"
                              className="btn btn-ghost btn-sm"
                              onClick={() => setBillingOf(u)}
                            >
                              Billing<span className="sr-only"> for {u.email}</span>
                            </button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            )}
          </Section>
          {billingOf ? <UserBillingDialog user={billingOf} onClose={() => setBillingOf(null)} /> : null}
        </>
      )}
    </BackPage>
  );
}
