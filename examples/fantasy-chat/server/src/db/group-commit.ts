/** What a {@link GroupCommit} runs: one statement for many rows, giving each row's result in the rows' order. */
export type GroupStatement<Row, Result> = (rows: readonly Row[]) => Promise<readonly Result[]>;

/** How a {@link GroupCommit} groups its rows. */
export interface GroupCommitOptions<Row> {
  /** The most rows one statement takes. */
  maxRows: number;
  /** Rows with the same key never share a statement: a later one waits for the next (e.g. one upsert per chat). */
  keyOf: (row: Row) => string;
  /** What a row must wait for before it can go (null: nothing); it stays queued, in order, until that settles. */
  waitFor?: (row: Row) => Promise<unknown> | null;
}

interface Pending<Row, Result> {
  row: Row;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit of one kind of write: a row written while no statement of its kind is running goes alone, at
 * once; rows written while one runs wait for it and then go together, in one statement and one commit. Under load
 * the groups grow with it (each round trip and commit is paid once per group, not per row); idle, a write costs
 * what it did alone. When a group's statement fails, each of its rows is written alone, so only the row that fails
 * by itself is refused (a chat deleted meanwhile) and the rest are stored.
 *
 * @example
 * const stores = new GroupCommit((rows) => insertAll(db, rows), { maxRows: 64, keyOf: (row) => row.chatId });
 * const { id } = await stores.write(row);
 */
export class GroupCommit<Row, Result> {
  private queue: Pending<Row, Result>[] = [];
  private running = false;
  /** Set while every queued row waits: a new row wakes the runner. */
  private wake: (() => void) | null = null;
  /** How many statements ran, and for how many rows (a group that failed and its rows' own retries all count). */
  readonly counts = { statements: 0, rows: 0 };

  constructor(
    private readonly statement: GroupStatement<Row, Result>,
    private readonly options: GroupCommitOptions<Row>,
  ) {}

  /** Writes `row` with the rows written around it; settles with its own result or error. */
  write(row: Row): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.running) void this.next();
      else this.wake?.();
    });
  }

  /** Runs groups until the queue is empty. */
  private async next(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const { group, waits } = this.takeGroup();
      if (group.length > 0) await this.run(group);
      else
        await new Promise<void>((resolve) => {
          const go = () => resolve();
          this.wake = go;
          for (const wait of waits) wait.then(go, go);
        });
      this.wake = null;
    }
    this.running = false;
  }

  /**
   * The oldest rows that wait for nothing, at most `maxRows`, one per key (a waiting row holds its key's later
   * rows back); the others stay queued in their order. `waits`: what the waiting rows wait on.
   */
  private takeGroup(): { group: Pending<Row, Result>[]; waits: Promise<unknown>[] } {
    const keys = new Set<string>();
    const group: Pending<Row, Result>[] = [];
    const rest: Pending<Row, Result>[] = [];
    const waits: Promise<unknown>[] = [];
    for (const pending of this.queue) {
      const key = this.options.keyOf(pending.row);
      const fits = group.length < this.options.maxRows && !keys.has(key);
      const wait = fits ? (this.options.waitFor?.(pending.row) ?? null) : null;
      // A waiting row keeps its key's later rows behind it.
      if (fits) keys.add(key);
      if (fits && !wait) group.push(pending);
      else {
        if (wait) waits.push(wait);
        rest.push(pending);
      }
    }
    this.queue = rest;
    return { group, waits };
  }

  private async run(group: Pending<Row, Result>[]): Promise<void> {
    this.counts.statements += 1;
    this.counts.rows += group.length;
    try {
      const results = await this.statement(group.map((pending) => pending.row));
      if (results.length !== group.length)
        throw new Error(`a group statement gave ${results.length} results for ${group.length} rows`);
      group.forEach((pending, index) => pending.resolve(results[index] as Result));
    } catch (error) {
      if (group.length === 1) group[0]?.reject(error);
      else await Promise.all(group.map((pending) => this.run([pending])));
    }
  }
}
