/** The Node flags the Realmheart server runs with (see node-flags.mjs). */
export declare const SERVER_NODE_FLAGS: readonly string[];
