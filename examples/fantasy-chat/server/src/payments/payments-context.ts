import type { AppContext } from "../context.js";

/** What settling, refunding and starting payments need from the app. */
export type PaymentsContext = Pick<AppContext, "db" | "clock" | "gateway" | "log">;
