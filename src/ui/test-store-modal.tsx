import { useMemo, useRef, useState } from "preact/hooks";
import { testStoreProductSummary } from "../checkout/test-store-product-summary";
import type { TestStoreOutcome } from "../checkout/test-store-purchase";
import type { Translator } from "../i18n/translator";
import type { Package } from "../model/types";
import { afterNextPaint } from "./after-next-paint";
import { frequency, perFrequency, periodCount } from "./product-texts";

/** Props of {@link TestStoreModal}. */
export interface TestStoreModalProps {
  readonly t: Translator;
  readonly rcPackage: Package;
  readonly titleId: string;
  /**
   * Runs the chosen outcome; the modal shows it is busy until the purchase settles. A rejection is a failure the
   * developer may try again (the billing server could not be reached): its message is shown in the modal, whose
   * buttons work again.
   */
  readonly onOutcome: (outcome: TestStoreOutcome) => Promise<void>;
}

/**
 * The rows of the Test Store modal (text key of the label, value) for a package, in the translator's language.
 *
 * @example
 * testStoreRows(t, offering.monthly)[2]; // ["test_store.price", "R99.00/month"]
 */
export function testStoreRows(t: Translator, rcPackage: Package): [string, string][] {
  const summary = testStoreProductSummary(rcPackage);
  const none = t.t("test_store.none");
  const type = t.t("test_store.type_value", { type: summary.productType });
  const intro = summary.introPrice;
  return [
    ["test_store.product", summary.title],
    ["test_store.type", summary.period ? `${type} (${frequency(t, summary.period)})` : type],
    [
      "test_store.price",
      summary.period
        ? t.t("product.price", {
            price: summary.formattedPrice,
            perFrequency: perFrequency(t, summary.period),
          })
        : summary.formattedPrice,
    ],
    ["test_store.free_trial", summary.freeTrialPeriod ? periodCount(t, summary.freeTrialPeriod) : none],
    [
      "test_store.intro_price",
      intro?.period
        ? t.t("product.intro", {
            introPrice: intro.formattedPrice,
            perFrequency: perFrequency(t, intro.period),
            introPriceDuration: periodCount(t, {
              ...intro.period,
              number: intro.period.number * Math.max(1, intro.cycleCount),
            }),
          })
        : (intro?.formattedPrice ?? none),
    ],
  ];
}

/**
 * The Test Store modal of `test_` keys (docs/checkout.md): what would be bought, and buttons to simulate a valid
 * purchase, a failed one, or cancelling.
 */
export function TestStoreModal({ t, rcPackage, titleId, onOutcome }: TestStoreModalProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = useRef(false);
  const rows = useMemo(() => testStoreRows(t, rcPackage), [t, rcPackage]);
  const choose = (outcome: TestStoreOutcome) => {
    if (chosen.current) return;
    chosen.current = true;
    setBusy(outcome === "valid");
    setProblem(null);
    // The press is answered in the next frame; the purchase starts right after it is painted.
    afterNextPaint(() =>
      onOutcome(outcome).catch((error: unknown) => {
        chosen.current = false;
        setBusy(false);
        setProblem(error instanceof Error ? error.message : String(error));
      }),
    );
  };
  return (
    <div class="pw-modal">
      <h2 id={titleId} class="pw-h1" tabIndex={-1}>
        {t.t("test_store.title")}
      </h2>
      <p class="pw-muted">{t.t("test_store.notice")}</p>
      <dl class="pw-dl">
        {rows.map(([key, value]) => [<dt key={key}>{t.t(key)}</dt>, <dd key={`${key}-v`}>{value}</dd>])}
      </dl>
      {problem && (
        <p class="pw-error-text" role="alert">
          {problem}
        </p>
      )}
      <div class="pw-actions">
        {/* aria-disabled, not disabled, while busy: the pressed button keeps the focus (a disabled one drops it). */}
        <button
          type="button"
          class="pw-btn"
          aria-disabled={busy}
          aria-busy={busy}
          onClick={() => choose("valid")}
        >
          {busy ? t.t("pay.processing") : t.t("test_store.valid")}
        </button>
        <button
          type="button"
          class="pw-btn pw-btn-secondary"
          aria-disabled={busy}
          onClick={() => choose("failed")}
        >
          {t.t("test_store.failed")}
        </button>
        <button
          type="button"
          class="pw-btn pw-btn-secondary"
          aria-disabled={busy}
          onClick={() => choose("cancelled")}
        >
          {t.t("test_store.cancel")}
        </button>
      </div>
    </div>
  );
}
