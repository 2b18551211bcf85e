import { useQuery } from "@tanstack/react-query";
import { CONFIG_KEY } from "../api/keys";
import type { ClientConfig } from "../api/types";

/**
 * "Sandbox — no real money", on every page of a production server that runs on sandbox payments on purpose
 * (`ALLOW_SANDBOX_PAYMENTS=true`), so nobody mistakes a staging site for the real shop. Nothing otherwise.
 */
export function SandboxNotice() {
  const config = useQuery<ClientConfig>({ queryKey: CONFIG_KEY });
  if (!config.data?.sandboxPayments) return null;
  return (
    <p className="sandbox-notice" role="note">
      Sandbox — no real money
    </p>
  );
}
