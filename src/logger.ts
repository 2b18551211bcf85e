/**
 * How much the SDK logs. `Warn` is the default so that misconfiguration is visible.
 *
 * @example
 * Purchases.setLogLevel(LogLevel.Debug);
 */
export enum LogLevel {
  Silent = 0,
  Error = 1,
  Warn = 2,
  Info = 3,
  Debug = 4,
  Verbose = 5,
}

/** Receives every log line at or above the configured level. */
export type LogHandler = (level: LogLevel, message: string) => void;

const consoleHandler: LogHandler = (level, message) => {
  const line = `[Purchases] ${message}`;
  if (level === LogLevel.Error) console.error(line);
  else if (level === LogLevel.Warn) console.warn(line);
  else if (level === LogLevel.Info) console.info(line);
  else console.debug(line);
};

let currentLevel: LogLevel = LogLevel.Warn;
let currentHandler: LogHandler = consoleHandler;

export function setLogLevel(level: LogLevel): void {
  currentLevel = level;
}

export function setLogHandler(handler: LogHandler | null): void {
  currentHandler = handler ?? consoleHandler;
}

function log(level: LogLevel, message: string): void {
  if (level > currentLevel || level === LogLevel.Silent) return;
  currentHandler(level, message);
}

/** The SDK's internal logger; every module logs through it. */
export const Logger = {
  error: (message: string) => log(LogLevel.Error, message),
  warn: (message: string) => log(LogLevel.Warn, message),
  info: (message: string) => log(LogLevel.Info, message),
  debug: (message: string) => log(LogLevel.Debug, message),
  verbose: (message: string) => log(LogLevel.Verbose, message),
};
