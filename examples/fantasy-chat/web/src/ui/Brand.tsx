import { Link } from "wouter";

/** The product's name. */
export const PRODUCT_NAME = "Realmheart";

/** The wordmark, linking home. */
export function Brand() {
  return (
    <Link href="/" className="brand">
      <span aria-hidden="true" className="brand-mark">
        ♥
      </span>
      {PRODUCT_NAME}
    </Link>
  );
}
