/** The signed-in user, as `GET /api/auth/user` answers it. */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: "user" | "admin";
  ageVerified: boolean;
  freeMessagesUsed: number;
  subscriptionStatus: string;
  trialEndDate: string | null;
  paymentMethodSetup: boolean;
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
