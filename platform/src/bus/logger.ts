/** The slice of a pino logger the bus adapters use; pino's own loggers fit it as they are. */
export type BusLogger = {
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/** Default when no logger is passed: warnings and errors still reach stderr rather than vanish. */
export const consoleBusLogger: BusLogger = {
  warn: (details, message) => console.warn(`[bus] ${message}`, details),
  error: (details, message) => console.error(`[bus] ${message}`, details),
};

export function errorDetails(error: unknown): { error: string } {
  return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}
