import { describe, expect, it } from "vitest";
import { GroupCommit } from "../../src/db/group-commit.js";

interface Row {
  key: string;
  value: number;
}

/** A statement that records each group it is given and answers when `release` is called. */
function recordingStatement(fail: (rows: readonly Row[]) => boolean = () => false) {
  const groups: number[][] = [];
  const waiting: (() => void)[] = [];
  const statement = async (rows: readonly Row[]) => {
    groups.push(rows.map((row) => row.value));
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (fail(rows)) throw new Error(`refused ${rows.map((row) => row.value).join(",")}`);
    return rows.map((row) => row.value * 10);
  };
  /** Lets the running statement answer, then waits until the next one has started (or nothing runs). */
  const release = async () => {
    waiting.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { statement, groups, release };
}

describe("GroupCommit", () => {
  it("runs a write made while idle at once, alone", async () => {
    const { statement, groups, release } = recordingStatement();
    const commit = new GroupCommit(statement, { maxRows: 8, keyOf: (row) => row.key });
    const written = commit.write({ key: "a", value: 1 });
    expect(groups).toEqual([[1]]);
    await release();
    await expect(written).resolves.toBe(10);
    expect(commit.counts).toEqual({ statements: 1, rows: 1 });
  });

  it("groups the writes made while a statement runs into the next one, in order, each with its own result", async () => {
    const { statement, groups, release } = recordingStatement();
    const commit = new GroupCommit(statement, { maxRows: 8, keyOf: (row) => row.key });
    const first = commit.write({ key: "a", value: 1 });
    const later = [2, 3, 4].map((value) => commit.write({ key: `k${value}`, value }));
    expect(groups).toEqual([[1]]);
    await release();
    expect(groups).toEqual([[1], [2, 3, 4]]);
    await release();
    await expect(first).resolves.toBe(10);
    await expect(Promise.all(later)).resolves.toEqual([20, 30, 40]);
    expect(commit.counts).toEqual({ statements: 2, rows: 4 });
  });

  it("never puts two rows with one key in a statement, and takes at most maxRows", async () => {
    const { statement, groups, release } = recordingStatement();
    const commit = new GroupCommit(statement, { maxRows: 2, keyOf: (row) => row.key });
    const all = [
      commit.write({ key: "a", value: 1 }),
      commit.write({ key: "a", value: 2 }),
      commit.write({ key: "a", value: 3 }),
      commit.write({ key: "b", value: 4 }),
      commit.write({ key: "c", value: 5 }),
    ];
    for (let i = 0; i < 4; i++) await release();
    await expect(Promise.all(all)).resolves.toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([[1], [2, 4], [3, 5]]);
  });

  it("when a group fails, writes each of its rows alone: only the row that fails by itself is refused", async () => {
    const { statement, groups, release } = recordingStatement((rows) => rows.some((row) => row.value === 3));
    const commit = new GroupCommit(statement, { maxRows: 8, keyOf: (row) => row.key });
    const all = [1, 2, 3, 4].map((value) => commit.write({ key: `k${value}`, value }));
    const settled = Promise.allSettled(all);
    for (let i = 0; i < 5; i++) await release();
    const outcomes = await settled;
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toBe("refused 3");
    expect(groups).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(commit.counts).toEqual({ statements: 5, rows: 7 });
  });

  it("refuses a group whose statement gives too few results, then writes its rows alone", async () => {
    let calls = 0;
    const commit = new GroupCommit(
      async (rows: readonly Row[]) => (++calls === 2 ? [] : rows.map((row) => row.value)),
      { maxRows: 8, keyOf: (row) => row.key },
    );
    const all = [1, 2, 3].map((value) => commit.write({ key: `k${value}`, value }));
    await expect(Promise.all(all)).resolves.toEqual([1, 2, 3]);
    expect(commit.counts).toEqual({ statements: 4, rows: 5 });
  });

  it("holds a row back while what it waits for is in flight, keeping its key's later rows behind it", async () => {
    const { statement, groups, release } = recordingStatement();
    let storeDone!: () => void;
    const store: { pending: Promise<void> | null } = {
      pending: new Promise<void>((resolve) => (storeDone = resolve)),
    };
    void store.pending?.then(() => (store.pending = null));
    const commit = new GroupCommit(statement, {
      maxRows: 8,
      keyOf: (row) => row.key,
      waitFor: (row) => (row.key === "busy" ? store.pending : null),
    });
    const held = commit.write({ key: "busy", value: 1 });
    const behind = commit.write({ key: "busy", value: 2 });
    const other = commit.write({ key: "free", value: 3 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groups).toEqual([[3]]);
    await release();
    await expect(other).resolves.toBe(30);
    expect(groups).toEqual([[3]]);
    storeDone();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(groups).toEqual([[3], [1]]);
    await release();
    await release();
    await expect(Promise.all([held, behind])).resolves.toEqual([10, 20]);
    expect(groups).toEqual([[3], [1], [2]]);
  });
});
