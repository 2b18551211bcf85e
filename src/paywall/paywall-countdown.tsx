import { useEffect, useState } from "preact/hooks";
import { countdownVariables } from "./countdown-variables";
import type { WireCountdown } from "./paywall-document";
import { StackBox, type PaywallViewModel, type Scope } from "./paywall-view";

/**
 * Re-renders its component at every full second of the paywall's clock until `end`, and returns that clock's time.
 */
function useSeconds(vm: PaywallViewModel, end: number): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    let handle: number | undefined;
    const schedule = () => {
      if (!(vm.now() < end)) return;
      handle = vm.win.setTimeout(
        () => {
          setTick((n) => n + 1);
          schedule();
        },
        1000 - (vm.now() % 1000),
      );
    };
    schedule();
    return () => vm.win.clearTimeout(handle);
  }, [vm.now, vm.win, end]);
  return vm.now();
}

/**
 * A countdown: `countdown_stack` with the time left in its texts until `style.date`, then `end_stack` (without one,
 * the countdown stays at zero). Its time is the paywall's injected clock.
 */
export function Countdown({
  vm,
  scope,
  component,
}: {
  vm: PaywallViewModel;
  scope: Scope;
  component: WireCountdown;
}) {
  const end = Date.parse(component.style?.date ?? "");
  const now = useSeconds(vm, end);
  const counts = countdownVariables(end, now);
  const variables = Object.fromEntries(
    Object.entries({ "": {}, ...vm.variables }).map(([id, values]) => [id, { ...values, ...counts }]),
  );
  const ended = !(now < end);
  return (
    <StackBox
      vm={{ ...vm, variables }}
      scope={scope}
      stack={ended && component.end_stack ? component.end_stack : component.countdown_stack}
      // A timer is not announced at every second.
      attributes={{ role: ended ? undefined : "timer" }}
    />
  );
}
