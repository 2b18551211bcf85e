// Access links to a customer's hosted Manage page obtained the legitimate way: minted by the host app with the
// management secret (`signManagementToken`, as Realmheart does), at the server's clock. A link from customer info is
// only an entry link (issue #43).
import { signManagementToken } from "../../src/index.js";
import type { TestServer } from "./test-server.js";

/** A host-minted access link (one hour) to `appUserId`'s Manage page on `server`, signed with `secret`. */
export function hostMintedLink(server: TestServer, secret: string, appUserId: string): string {
  const token = signManagementToken(secret, { projectId: "realmheart", appUserId }, server.clock.now);
  return `${server.url}/manage/${token}`;
}
