// The API's JSON answers are the server's own types, not a copy: a field the server renames or retypes fails this
// client's type-check wherever it is read. `import type` is erased, so no server code reaches the bundle (the web's
// tsconfig type-checks the few server modules these name, and what they import).
import type { AdminStats as AdminStatsView, AdminUserView } from "../../../server/src/admin/admin-views";
import type { BillingMetrics } from "../../../server/src/admin/billing-metrics";
import type { CharacterView } from "../../../server/src/characters/character-store";
import type { ChatView, MessageView } from "../../../server/src/chats/chat-store";
import type { ProfileView } from "../../../server/src/profile/profile-store";
import type {
  PaymentHistoryEntry,
  SubscriptionView,
} from "../../../server/src/subscription/subscription-view";
import type { ClientConfig as ClientConfigView } from "../../../server/src/system/client-config";
import type { UserView } from "../../../server/src/users/user-view";

/** The signed-in user, as `GET /api/auth/user` answers it. */
export type User = UserView;

/** A character, as `GET /api/characters` lists them and `GET /api/characters/:id` answers one. */
export type Character = CharacterView;

/** A chat, as `GET /api/chats` lists them and `GET /api/chats/:id` and `POST /api/chats` answer one. */
export type Chat = ChatView;

/** A message, as `GET /api/chats/:id/messages` pages them (its selected version's text). */
export type Message = MessageView;

/** `GET /api/profile` and `PUT /api/profile`. */
export type Profile = ProfileView;

/** `GET /api/admin/stats`. */
export type AdminStats = AdminStatsView;

/** A user, as `GET /api/admin/users` lists them. */
export type AdminUser = AdminUserView;

/** `GET /api/config`: what the client needs to configure the SDK and name the card provider. */
export type ClientConfig = ClientConfigView;

/** `GET /api/subscription` (and an admin's `GET /api/admin/users/:id/subscription`). */
export type SubscriptionInfo = SubscriptionView;

/** One payment in the billing history. */
export type PaymentRecord = PaymentHistoryEntry;

/** `GET /api/admin/billing`. */
export type AdminBilling = BillingMetrics;
