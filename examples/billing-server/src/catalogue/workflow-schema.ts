import { z } from "zod";
import { paywallComponentsSchema, paywallPackageIds } from "./paywall-schema.js";

// An offering's multi-page paywall, in the wire shape purchases-js renders (`GET
// /v1/subscribers/{id}/workflows/{workflow_id}`): steps that each show a screen, and a screen's buttons that move
// to another step. A screen is a paywall document like `paywall_components`. purchases-js falls back to the
// offering's single paywall whenever the workflow cannot be followed, so a broken link would go unnoticed: the
// catalogue checks every link instead.

/** The longest workflow id: the catalogue refuses longer ones and the routes answer 400 for them. */
export const WORKFLOW_ID_MAX_LENGTH = 100;

const workflowId = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{1,${WORKFLOW_ID_MAX_LENGTH}}$`),
    `workflow ids are 1-${WORKFLOW_ID_MAX_LENGTH} letters, digits, _ or -`,
  );

// `{ type: "step", step_id }` moves to a step; other types (conditions, experiments) are kept as given and left
// to the SDK.
const triggerAction = z
  .looseObject({ type: z.string().min(1), step_id: z.string().min(1).optional() })
  .refine((action) => action.type !== "step" || action.step_id !== undefined, {
    message: "a step action names its step_id",
  });

// purchases-js reads `triggers` and `trigger_actions` of every step without a check, so both are always sent.
const step = z.looseObject({
  id: z.string().min(1).optional(),
  type: z.string().min(1),
  screen_id: z.string().min(1).nullable().default(null),
  screen_type: z.array(z.string()).optional(),
  triggers: z
    .array(z.looseObject({ component_id: z.string().min(1), action_id: z.string().min(1) }))
    .default([]),
  trigger_actions: z.record(z.string().min(1), triggerAction).default({}),
});

export const workflowSchema = z.object({
  id: workflowId.describe("The workflow's id, unique in its project."),
  initial_step_id: z.string().min(1).describe("The step shown first (a step that shows a screen)."),
  steps: z
    .record(z.string().min(1), step)
    .describe(
      'Its steps by id: { type, screen_id, triggers: [{ component_id, action_id }], trigger_actions: { action_id: { type: "step", step_id } } }.',
    ),
  screens: z
    .record(z.string().min(1), paywallComponentsSchema)
    .describe("Its screens by id, each a paywall document like paywall_components."),
});

/** A validated workflow as the catalogue holds it (without its offering). */
export type CatalogueWorkflow = z.infer<typeof workflowSchema>;

/**
 * What is wrong with the links of `workflow`, an offering's workflow whose packages are `packageIds`: each
 * problem as a sentence, none when every step, screen, action and package it names exists.
 *
 * @example
 * workflowProblems(offering.workflow, new Set(offering.packages.map((p) => p.identifier))); // []
 */
export function workflowProblems(workflow: CatalogueWorkflow, packageIds: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const { steps, screens } = workflow;
  const named = `workflow ${workflow.id}`;
  // Own keys only: a step named `constructor` must not be found on Object.prototype.
  const initial = Object.hasOwn(steps, workflow.initial_step_id)
    ? steps[workflow.initial_step_id]
    : undefined;
  if (!initial) problems.push(`${named} starts at unknown step ${workflow.initial_step_id}`);
  else if (initial.screen_id === null)
    problems.push(`${named} starts at step ${workflow.initial_step_id}, which has no screen`);
  for (const [stepId, s] of Object.entries(steps)) {
    if (s.screen_id !== null && !Object.hasOwn(screens, s.screen_id))
      problems.push(`step ${stepId} of ${named} shows unknown screen ${s.screen_id}`);
    for (const trigger of s.triggers) {
      if (!Object.hasOwn(s.trigger_actions, trigger.action_id))
        problems.push(`step ${stepId} of ${named} triggers unknown action ${trigger.action_id}`);
    }
    for (const [actionId, action] of Object.entries(s.trigger_actions)) {
      if (action.step_id !== undefined && action.type === "step" && !Object.hasOwn(steps, action.step_id))
        problems.push(
          `action ${actionId} of step ${stepId} in ${named} goes to unknown step ${action.step_id}`,
        );
    }
  }
  for (const [screenId, screen] of Object.entries(screens)) {
    for (const id of paywallPackageIds(screen.components_config)) {
      if (!packageIds.has(id)) problems.push(`screen ${screenId} of ${named} names unknown package ${id}`);
    }
  }
  return problems;
}
