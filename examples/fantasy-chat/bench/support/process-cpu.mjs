// CPU time of processes on this machine, read from /proc (Linux only): for the benches that say where a send's
// CPU goes (send-cpu.mjs, send-growth.mjs).
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second as /proc counts them (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** CPU time (user + system, ms) a process has used, or 0 when it is gone. */
export function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process on this machine (ms). */
export function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres") total += cpuMsOf(pid);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}
