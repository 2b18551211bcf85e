import type { PriceBreakdown } from "../checkout/price-breakdown";
import type { TaxAddress } from "../checkout/tax-calculator";
import type { Translator } from "../i18n/translator";
import type { Product } from "../model/types";
import { taxPromptKey } from "./pay-button";
import type { ProductTexts, PurchasePlan } from "./product-texts";

/** Product information of the payment entry page: title, description, pricing, trial and intro lines. */
export function ProductInfo(props: {
  t: Translator;
  product: Product;
  texts: ProductTexts;
  showDescription: boolean;
  titleId: string;
}) {
  const { product, texts } = props;
  return (
    <div>
      <h2 id={props.titleId} class="pw-h1" tabIndex={-1}>
        {product.title}
      </h2>
      {props.showDescription && product.description && <p>{product.description}</p>}
      <p class="pw-price">{texts.price}</p>
      {[texts.oneTime, texts.trial, texts.trialThen, texts.intro, texts.introThen].map(
        (line) => line && <p key={line}>{line}</p>,
      )}
    </div>
  );
}

/** Props of {@link PricingTable}. */
export interface PricingTableProps {
  readonly t: Translator;
  readonly plan: PurchasePlan;
  /** Null while the checkout is starting: the rows show placeholders. */
  readonly breakdown: PriceBreakdown | null;
  readonly address: TaxAddress;
  readonly expanded: boolean;
  readonly onToggle: () => void;
  readonly formatMoney: (micros: number) => string;
  readonly formatDate: (date: Date) => string;
  readonly idPrefix: string;
}

// A fixed dummy amount under the skeleton, so the row keeps its size while tax loads (docs/checkout.md).
const DUMMY_TAX_MICROS = 12_340_000;

/**
 * The collapsible pricing table: subtotal, the promotion code's discount, tax lines (or a prompt while tax is
 * unknown) and totals. Its toggle opens on click, Enter or Space, and is hidden on the wide layout, where the
 * rows always show.
 */
export function PricingTable(props: PricingTableProps) {
  const { t, plan, breakdown, expanded, formatMoney } = props;
  const status = breakdown?.taxCalculationStatus ?? "loading";
  const dummy = <span class="pw-skeleton">{formatMoney(DUMMY_TAX_MICROS)}</span>;
  const money = (micros: number | undefined) =>
    breakdown && micros !== undefined ? formatMoney(micros) : dummy;
  const row = (label: string, value: preact.ComponentChildren, total = false) => (
    <div class={total ? "pw-row pw-total" : "pw-row"} key={label}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  let taxRows: preact.ComponentChildren = null;
  if (status === "loading") {
    taxRows = row(t.t("pricing.tax"), [dummy, <span class="pw-sr">{t.t("pricing.tax_calculating")}</span>]);
  } else if (status === "pending" || status === "unavailable") {
    taxRows = row(t.t("pricing.tax"), <span class="pw-muted">{t.t(taxPromptKey(props.address))}</span>);
  } else if (status !== "disabled" && breakdown) {
    taxRows = breakdown.taxBreakdown.length
      ? breakdown.taxBreakdown.map((item) => row(item.displayName, formatMoney(item.taxAmountInMicros)))
      : row(t.t("pricing.tax"), formatMoney(breakdown.taxAmountInMicros));
  }
  const total = money(breakdown?.totalAmountInMicros);
  const discount = breakdown?.discount ?? null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      props.onToggle();
    }
  };
  return (
    <div class="pw-pricing" aria-live="polite">
      {plan.trialEnd
        ? row(t.t("pricing.total_due_today"), formatMoney(0), true)
        : row(t.t("pricing.total_due_today"), total, true)}
      <div
        class="pw-toggle"
        role="button"
        tabIndex={0}
        aria-expanded={expanded}
        aria-controls={`${props.idPrefix}-rows`}
        onClick={props.onToggle}
        onKeyDown={onKeyDown}
      >
        {t.t("pricing.details")}
      </div>
      <div id={`${props.idPrefix}-rows`} class="pw-rows" data-expanded={expanded}>
        {row(t.t("pricing.subtotal"), money(breakdown?.originalAmountInMicros))}
        {discount &&
          row(
            discount.percentage === null
              ? discount.displayName
              : t.t("pricing.discount", { name: discount.displayName, fraction: discount.percentage / 100 }),
            formatMoney(-discount.amountInMicros),
          )}
        {taxRows}
        {plan.trialEnd
          ? row(
              t.t("pricing.total_after_trial", { formattedTrialEndDate: props.formatDate(plan.trialEnd) }),
              total,
              true,
            )
          : null}
      </div>
    </div>
  );
}
