import { useEffect, useRef, useState } from "preact/hooks";
import type { CheckoutDiscount } from "../checkout/price-breakdown";
import type { Translator } from "../i18n/translator";

/** Props of {@link DiscountCodeField}. */
export interface DiscountCodeFieldProps {
  readonly t: Translator;
  readonly idPrefix: string;
  /** The code the price includes, if any. */
  readonly applied: CheckoutDiscount | null;
  /** A code is being applied or the payment submitted: nothing can be changed. */
  readonly busy: boolean;
  /** Why the last code was refused, in the widget's language. */
  readonly error: string | null;
  /** What the field holds when it opens (a code given to `purchase` that was refused). */
  readonly initialCode: string;
  readonly onApply: (code: string) => void;
  readonly onRemove: () => void;
}

/**
 * The promotion code field of the product column: an "Add promo code" button that opens a labelled field and
 * its Apply button (Enter applies too), the refusal announced under it, and once applied the code with Remove.
 */
export function DiscountCodeField(props: DiscountCodeFieldProps) {
  const { t, applied, busy, error } = props;
  const [open, setOpen] = useState(error !== null);
  const [value, setValue] = useState(props.initialCode);
  const input = useRef<HTMLInputElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    // Focus follows the customer's click on "Add promo code", not a field opened to show an error.
    if (open && opened.current) input.current?.focus();
  }, [open]);

  if (applied) {
    return (
      <div class="pw-discount pw-row" role="status">
        <span>{t.t("discount.applied", { code: applied.code })}</span>
        <button type="button" class="pw-link" disabled={busy} onClick={props.onRemove}>
          {t.t("discount.remove")}
        </button>
      </div>
    );
  }
  if (!open && error === null) {
    return (
      <button
        type="button"
        class="pw-link"
        onClick={() => {
          opened.current = true;
          setOpen(true);
        }}
      >
        {t.t("discount.add")}
      </button>
    );
  }
  const id = `${props.idPrefix}-discount`;
  return (
    <form
      class="pw-discount"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The field itself, not the last render's state: a value typed and submitted at once still counts.
        props.onApply(input.current?.value ?? value);
      }}
    >
      <label for={id}>{t.t("discount.label")}</label>
      <div class="pw-row">
        <input
          ref={input}
          id={id}
          class="pw-input"
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellcheck={false}
          disabled={busy}
          aria-invalid={error !== null}
          aria-describedby={error !== null ? `${id}-error` : undefined}
          onInput={(event) => setValue((event.target as HTMLInputElement).value)}
        />
        <button
          type="submit"
          class="pw-btn pw-btn-secondary"
          disabled={busy || value.trim() === ""}
          aria-busy={busy}
        >
          {t.t("discount.apply")}
        </button>
      </div>
      {error !== null && (
        <p id={`${id}-error`} class="pw-error-text" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
