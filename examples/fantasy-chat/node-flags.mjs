// The Node flags the Realmheart server runs with: `npm start` (scripts/start.mjs) and the benches pass them before
// dist/server/main.js, and the workspace's own `start` script spells the same ones. Run it another way (a process
// manager, a container)? Pass them too, or set NODE_OPTIONS to them.
//
// --max-semi-space-size=8: V8's young generation at half its default size. After a burst of sends the default
// keeps ~40 MiB more resident for good (measured on PostgreSQL, 10,000 messages: 140–186 MiB RSS with the
// default, 131–141 MiB with 8, at the same CPU time per send; docs/benchmarks.md). Smaller sizes cost speed
// (2: ~14 % fewer sends a second).
//
// --max-old-space-size=1024: a ceiling on V8's old generation, far above what the server holds (its caches are
// bounded), which also makes V8 grow that generation in smaller steps than under its default ceiling (a share of
// the machine's memory: ~4 GiB on a 24 GiB machine). Measured on PostgreSQL after 10,000 messages: 137–180 MiB RSS
// without it, 124–126 MiB with it, at the same sends a second; 512 held 119–121 MiB but cost ~10 % of the sends,
// 2048 gave back nothing (152 MiB).

/** The flags, in the order they go before the script. */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=1024"];
