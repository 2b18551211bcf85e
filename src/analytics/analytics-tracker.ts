import type { PurchasesEnvironment } from "../environment";
import type { Backend } from "../http/backend";
import { Logger } from "../logger";
import type { AnalyticsEventName, AnalyticsEventProperties } from "./analytics-event";
import { buildEventContext } from "./context";
import { EventFlusher } from "./event-flusher";

/** What an {@link AnalyticsTracker} needs. */
export interface AnalyticsTrackerOptions {
  backend: Backend;
  env: PurchasesEnvironment;
  /** Read at each event, so that a user change applies to the next one. */
  appUserId: () => string;
  /** The `collectAnalyticsEvents` flag: when false nothing is queued or sent and no listener is added. */
  enabled: boolean;
  /** Base URL of the events endpoint when it differs from the backend's. */
  eventsBaseUrl?: string;
}

/**
 * Turns SDK happenings into `web_billing` analytics events and hands them to an {@link EventFlusher}.
 * Tracking never throws and never waits.
 *
 * @example
 * const tracker = new AnalyticsTracker({ backend, env, appUserId: () => userId, enabled: true });
 * tracker.track("checkout_payment_tax_calculation", { outcome: "taxed", ui_element: "auto" }, checkoutTraceId);
 * tracker.dispose();
 */
export class AnalyticsTracker {
  /** The trace id of events tracked without one: one per tracker, so one per SDK instance. */
  readonly traceId: string;
  private readonly flusher: EventFlusher | null;

  constructor(private readonly options: AnalyticsTrackerOptions) {
    const { backend, env, enabled, eventsBaseUrl } = options;
    this.traceId = env.randomUUID();
    this.flusher = enabled ? new EventFlusher({ backend, env, baseUrl: eventsBaseUrl }) : null;
  }

  /** Records an event now; it is sent in the background. */
  track<N extends AnalyticsEventName>(
    eventName: N,
    properties: AnalyticsEventProperties[N],
    traceId: string = this.traceId,
  ): void {
    if (!this.flusher) return;
    const { env, appUserId } = this.options;
    try {
      this.flusher.enqueue({
        id: env.randomUUID(),
        timestamp_ms: env.now(),
        type: "web_billing",
        event_name: eventName,
        app_user_id: appUserId(),
        context: buildEventContext(env),
        properties,
        trace_id: traceId,
      });
    } catch (error) {
      Logger.debug(`Could not track ${eventName}: ${String(error)}`);
    }
  }

  /** Sends what is queued (see {@link EventFlusher.flush}); resolves, never rejects, when done. */
  flush(): Promise<void> {
    return this.flusher ? this.flusher.flush() : Promise.resolve();
  }

  /** Stops sending: drops queued events and removes every timer and listener. */
  dispose(): void {
    this.flusher?.dispose();
  }
}
