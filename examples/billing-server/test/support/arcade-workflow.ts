// The arcade store's two-screen paywall workflow: an intro whose "See the offers" button (a `workflow` action,
// named by the step's trigger) moves to the offers screen, which sells both packages and ends the workflow with a
// link. Written with every field the catalogue would default, so the served workflow equals it exactly.

const ink = { light: { type: "hex", value: "#1E1330" }, dark: { type: "hex", value: "#FFFFFF" } };
const padding = { top: 12, bottom: 12, leading: 16, trailing: 16 };

const text = (textLid: string, fontSize = "body_m") => ({
  type: "text",
  text_lid: textLid,
  color: ink,
  font_size: fontSize,
  horizontal_alignment: "center",
  // purchases-js's renderer reads a text's size unchecked.
  size: { width: { type: "fill" }, height: { type: "fit" } },
});

const stack = (components: object[]) => ({
  type: "stack",
  dimension: { type: "vertical", alignment: "center", distribution: "start" },
  spacing: 16,
  padding,
  size: { width: { type: "fill" }, height: { type: "fit" } },
  components,
});

const button = (id: string, textLid: string, action: object) => ({
  type: "button",
  id,
  name: id,
  action,
  stack: stack([text(textLid)]),
});

const screen = (components: object[], texts: Record<string, string>) => ({
  default_locale: "en_US",
  components_config: {
    base: {
      background: { type: "color", value: { light: { type: "hex", value: "#FFFFFF" } } },
      stack: stack(components),
    },
  },
  components_localizations: { en_US: texts },
});

const intro = screen(
  [
    text("intro_title", "heading_xl"),
    button("see_offers", "see_offers", { type: "workflow" }),
    button("not_now", "not_now", { type: "close_workflow" }),
  ],
  { intro_title: "Power up your games", see_offers: "See the offers", not_now: "Not now" },
);

const offers = screen(
  [
    text("offers_title", "heading_l"),
    { type: "package", package_id: "gems_100", is_selected_by_default: true, stack: stack([text("gems")]) },
    {
      type: "package",
      package_id: "$rc_monthly",
      is_selected_by_default: false,
      stack: stack([text("pass")]),
    },
    { type: "purchase_button", stack: stack([text("buy")]) },
    button("done", "done", {
      type: "complete_workflow",
      url: { url_lid: "done_url", method: "external_browser" },
    }),
  ],
  {
    offers_title: "Choose your power-up",
    gems: "100 gems",
    pass: "Arcade pass",
    buy: "Buy",
    done: "Maybe later",
    done_url: "https://arcade.example/home",
  },
);

/** The arcade store offering's `workflow` in the test catalogue. */
export const arcadeWorkflow = {
  id: "wf_arcade_store",
  initial_step_id: "step_intro",
  steps: {
    step_intro: {
      id: "step_intro",
      type: "screen",
      screen_id: "screen_intro",
      screen_type: ["paywall"],
      triggers: [{ component_id: "see_offers", action_id: "to_offers" }],
      trigger_actions: { to_offers: { type: "step", step_id: "step_offers" } },
    },
    step_offers: {
      id: "step_offers",
      type: "screen",
      screen_id: "screen_offers",
      screen_type: ["paywall"],
      triggers: [],
      trigger_actions: {},
    },
  },
  screens: { screen_intro: intro, screen_offers: offers },
};
