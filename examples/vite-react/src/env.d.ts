interface ImportMetaEnv {
  /** The billing server's base URL, e.g. `https://your.app/billing`; `http://127.0.0.1:4000` when unset. */
  readonly VITE_BILLING_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
