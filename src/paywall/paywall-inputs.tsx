import { useState } from "preact/hooks";
import { solidColorCss } from "./colors";
import { commonStyle } from "./component-style";
import type { WireInputOption, WireInputText, WireStackHolder } from "./paywall-document";
import {
  StackBox,
  isSelected,
  styleContext,
  withOverrides,
  type PaywallViewModel,
  type Scope,
} from "./paywall-view";

// The inputs of a paywall (docs/checkout.md). The paywall has no form to send them to yet: their answers stay in the
// page. A text field is labelled by its placeholder; a choice is a radio group (single) or a group of checkboxes
// (multiple) whose options' `selected` overrides apply while they are chosen.

const INPUT_TYPES: Readonly<Record<string, "email" | "tel" | "url">> = {
  email: "email",
  phone: "tel",
  url: "url",
};

export function InputText({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireInputText;
}) {
  const field = withOverrides(component, isSelected(vm, scope));
  const style = commonStyle(field, styleContext(vm, scope));
  const color = solidColorCss(field.color, vm.mode, vm.aliases);
  if (color) style.color = color;
  const label = vm.localize(field.placeholder_lid ?? "");
  const keyboard = field.keyboard_type ?? "";
  return (
    <input
      class="pw-pwl-input"
      style={style}
      name={field.field_id}
      // Preact types each input type apart; these are all text fields.
      type={(INPUT_TYPES[keyboard] ?? "text") as "text"}
      inputMode={/number|decimal/.test(keyboard) ? "decimal" : undefined}
      placeholder={label}
      aria-label={label || undefined}
      required={field.required === true}
    />
  );
}

/** `input_single_choice` and `input_multiple_choice`: the group its options choose in. */
export function InputChoice({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireStackHolder;
}) {
  const multiple = component.type === "input_multiple_choice";
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (optionId: string) =>
    setChosen((now) => {
      if (!multiple) return new Set([optionId]);
      const next = new Set(now);
      if (!next.delete(optionId)) next.add(optionId);
      return next;
    });
  return (
    <StackBox
      vm={vm}
      scope={{ ...scope, choice: { multiple, chosen, toggle } }}
      stack={component.stack}
      attributes={{ role: multiple ? "group" : "radiogroup" }}
    />
  );
}

export function InputOption({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireInputOption;
}) {
  const choice = scope.choice;
  const selected = choice?.chosen.has(component.option_id) === true;
  return (
    <StackBox
      vm={vm}
      scope={{ ...scope, selected }}
      stack={component.stack}
      tag="button"
      className="pw-pwl-stack pw-pwl-button"
      attributes={{
        type: "button",
        role: choice?.multiple ? "checkbox" : "radio",
        "aria-checked": selected,
        onClick: () => choice?.toggle(component.option_id),
      }}
    />
  );
}
