export interface RoundRobinProxy {
  url: string;
  /** How many requests each target has been given, in the order of `targets`. */
  counts: number[];
  close(): Promise<void>;
}
export function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy>;
