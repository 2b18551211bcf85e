import type { Role } from "../db/schema.js";
import type { SubscriptionStatus } from "../users/subscription-status.js";

/** `GET /api/admin/stats`: the dashboard's counts, subscriptions as in effect now. */
export interface AdminStats {
  totalUsers: number;
  activeSubscriptions: number;
  trialUsers: number;
  totalChats: number;
  totalMessages: number;
}

/** A user as `GET /api/admin/users` lists them (newest first). */
export interface AdminUserView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  subscriptionStatus: SubscriptionStatus;
  /** ISO 8601. */
  createdAt: string;
}
