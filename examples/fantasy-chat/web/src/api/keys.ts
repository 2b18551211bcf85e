// Query keys: the default read GETs the parts joined with "/", so each key is also its URL.
export const CHATS_KEY = ["/api/chats"] as const;
export const CHARACTERS_KEY = ["/api/characters"] as const;
export const PROFILE_KEY = ["/api/profile"] as const;
export const CONFIG_KEY = ["/api/config"] as const;
export const SUBSCRIPTION_KEY = ["/api/subscription"] as const;
export const ADMIN_STATS_KEY = ["/api/admin/stats"] as const;
export const ADMIN_USERS_KEY = ["/api/admin/users"] as const;
export const ADMIN_BILLING_KEY = ["/api/admin/billing"] as const;
export const adminSubscriptionKey = (id: string) => ["/api/admin/users", id, "subscription"] as const;
export const chatKey = (id: string) => ["/api/chats", id] as const;
export const messagesKey = (id: string) => ["/api/chats", id, "messages"] as const;
export const characterKey = (id: string) => ["/api/characters", id] as const;
