// Multi-page paywalls (workflows, docs/protocol.md): the backend may attach to an offering a workflow of steps,
// each showing a screen (a paywall document); a button with a `workflow` action moves to the step its current
// step's trigger names. purchases-js asks for them before every paywall and falls back to the offering's own
// paywall when there is none or it cannot be read; so does this module.
import type { WorkflowStepProperties } from "../analytics/analytics-event";
import type { Backend } from "../http/backend";
import { Logger } from "../logger";
import type { WirePaywallDocument } from "./paywall-document";
import { resolvePaywall } from "./resolve-paywall";

/** A step of a workflow (`steps[id]` of `GET …/workflows/{id}`), as far as the paywall reads it. */
export interface WireWorkflowStep {
  readonly screen_id?: string | null;
  readonly triggers?: readonly { readonly component_id?: string; readonly action_id?: string }[];
  readonly trigger_actions?: Readonly<Record<string, { readonly type?: string; readonly step_id?: string }>>;
}

/** `GET /v1/subscribers/{app_user_id}/workflows/{workflow_id}`. */
export interface WireWorkflow {
  readonly id: string;
  readonly initial_step_id: string;
  readonly steps: Readonly<Record<string, WireWorkflowStep>>;
  readonly screens: Readonly<Record<string, unknown>>;
}

/** A page of a workflow on screen: its screen and the step that shows it. */
export interface WorkflowPage {
  readonly pageId: string;
  readonly stepId: string;
}

/** A workflow ready to show: its pages resolved (checked) and where it starts. */
export interface PaywallWorkflow {
  readonly id: string;
  readonly first: WorkflowPage;
  readonly pages: Readonly<Record<string, WirePaywallDocument>>;
  readonly steps: Readonly<Record<string, WireWorkflowStep>>;
}

const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string | null | undefined) =>
  record && typeof key === "string" && Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * The page a step moves to when the button `componentId` (a `workflow` action) is pressed on it: the step its
 * trigger's action names, and that step's screen. Null when the step has no such trigger or it leads nowhere shown.
 *
 * @example
 * nextPage(workflow, "intro", "see_offers"); // { pageId: "offers_screen", stepId: "offers" }
 */
export function nextPage(
  workflow: PaywallWorkflow,
  stepId: string,
  componentId: string | undefined,
): WorkflowPage | null {
  const step = own(workflow.steps, stepId);
  const trigger = step?.triggers?.find((t) => t.component_id === componentId);
  const action = own(step?.trigger_actions, trigger?.action_id);
  if (action?.type !== "step") return null;
  const pageId = own(workflow.steps, action.step_id)?.screen_id;
  return pageId && own(workflow.pages, pageId) ? { pageId, stepId: action.step_id! } : null;
}

/**
 * What the analytics events of a workflow's step say of it (purchases-js's properties): the last step is one none
 * of whose triggers leads to another step.
 *
 * @example
 * stepProperties(workflow, "intro"); // { workflow_id: "wf_1", step_id: "intro", is_first_step: true, is_last_step: false }
 */
export function stepProperties(workflow: PaywallWorkflow, stepId: string): WorkflowStepProperties {
  const actions = Object.values(own(workflow.steps, stepId)?.trigger_actions ?? {});
  return {
    workflow_id: workflow.id,
    step_id: stepId,
    is_first_step: stepId === workflow.first.stepId,
    is_last_step: !actions.some((action) => action.type === "step"),
  };
}

/**
 * Reads and checks a workflow: every screen a paywall document (a `PurchasesError` naming the problem
 * otherwise), the initial step showing one of them.
 *
 * @example
 * const workflow = toPaywallWorkflow(await getWorkflow(backend, appUserId, "wf_1"));
 */
export function toPaywallWorkflow(wire: WireWorkflow): PaywallWorkflow {
  const pages = Object.fromEntries(
    Object.entries(wire.screens ?? {}).map(([id, screen]) => [id, resolvePaywall(screen)]),
  );
  const workflow = { id: wire.id, pages, steps: wire.steps ?? {} };
  const pageId = own(workflow.steps, wire.initial_step_id)?.screen_id;
  if (!pageId || !own(pages, pageId)) throw new Error(`its initial step shows no screen`);
  return { ...workflow, first: { pageId, stepId: wire.initial_step_id } };
}

/**
 * The workflow the backend attaches to `offeringId`, checked; null when there is none, or when it cannot be
 * fetched or read (logged as a warning: the offering's own paywall shows then, as in purchases-js).
 *
 * @example
 * const workflow = await findWorkflow(backend, appUserId, offering.identifier);
 */
export async function findWorkflow(
  backend: Backend,
  appUserId: string,
  offeringId: string,
): Promise<PaywallWorkflow | null> {
  const user = `/v1/subscribers/${encodeURIComponent(appUserId)}/workflows`;
  try {
    const { workflows } = await backend.http.request<{
      workflows: { id?: unknown; offering_id?: unknown }[];
    }>({
      name: "getWorkflows",
      method: "GET",
      path: `${user}?type=paywall`,
      field: "workflows",
    });
    const entry = workflows.find((w) => w?.offering_id === offeringId && typeof w.id === "string");
    if (!entry) return null;
    const wire = await backend.http.request<WireWorkflow>({
      name: "getWorkflow",
      method: "GET",
      path: `${user}/${encodeURIComponent(entry.id as string)}`,
      field: "steps",
    });
    return toPaywallWorkflow(wire);
  } catch (error) {
    Logger.warn(`The paywall's workflow could not be used (${String(error)}); the offering's paywall shows.`);
    return null;
  }
}
