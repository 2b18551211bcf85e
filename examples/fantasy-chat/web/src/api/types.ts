/** The signed-in user, as `GET /api/auth/user` answers it. */
export interface User {
  id: string;
  email: string;
  /** Whether the address was confirmed through the verification mail. */
  emailVerified?: boolean;
  firstName: string | null;
  lastName: string | null;
  role: "user" | "admin";
  ageVerified: boolean;
  freeMessagesUsed: number;
  subscriptionStatus: string;
  trialEndDate: string | null;
  paymentMethodSetup: boolean;
  /** A renewal was declined: premium runs through the grace period until the card is updated. */
  billingIssue?: boolean;
  createdAt?: string;
}

export interface Character {
  id: string;
  name: string;
  title: string;
  description: string;
  archetype: string;
  avatarUrl: string | null;
  tags: string[];
  greeting?: string;
  premium?: boolean;
}

export interface Chat {
  id: string;
  characterId: string;
  title: string | null;
  lastMessageAt: string | null;
  createdAt: string;
}

export interface Message {
  id: string;
  chatId?: string;
  role: string;
  content: string;
  createdAt?: string;
  editedAt?: string | null;
  /** 0-based index of the version shown (character replies can be regenerated). */
  versionIndex?: number;
  versionCount?: number;
}

export interface Profile {
  preferredName: string;
  favoriteArchetype: string | null;
  backstory: string;
  personalityTraits: string[];
}

export interface AdminStats {
  totalUsers: number;
  activeSubscriptions: number;
  trialUsers: number;
  totalChats: number;
  totalMessages: number;
}

export interface AdminUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: string;
  subscriptionStatus: string;
  createdAt: string;
}

/** `GET /api/config`: what the client needs to configure the SDK and name the card provider. */
export interface ClientConfig {
  sdkApiKey: string;
  billingBaseUrl: string;
  paymentProvider: string;
  /** Production running on sandbox money on purpose (`ALLOW_SANDBOX_PAYMENTS=true`). */
  sandboxPayments?: boolean;
}

/** `GET /api/subscription`: the customer's subscription, card and billing history. */
export interface SubscriptionInfo {
  status: "trial" | "active" | "expired";
  plan: { id: string; name: string; amount: number; currency: string; interval: "month" | "year" } | null;
  source: "card" | "store" | null;
  /** The running period is a free trial (here with a card, or the in-app checkout's). */
  freeTrial: boolean;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  nextCharge: { date: string; amount: number; currency: string } | null;
  paymentMethod: { brand: string; last4: string; expMonth: number; expYear: number } | null;
  billingIssue: boolean;
  graceEndsAt: string | null;
  history: PaymentRecord[];
  managementUrl: string;
}

/** One payment in the billing history. */
export interface PaymentRecord {
  reference: string;
  kind: "subscription" | "trial_setup" | "renewal" | "card_update";
  amount: number;
  currency: string;
  status: "success" | "pending" | "failed" | "refunded";
  createdAt: string;
  settledAt: string | null;
  refundedAt: string | null;
}

/** `GET /api/admin/billing`. */
export interface AdminBilling {
  mrr: number;
  currency: string;
  active: number;
  trialing: number;
  cancelling: number;
  pastDue: number;
  trialConversion: { ended: number; converted: number; rate: number | null };
  /** Paid subscriptions that ended in the last 30 days and did not come back, and their share. */
  churn: { ended: number; rate: number | null };
  daily: { date: string; signups: number; messages: number; revenue: number }[];
}
