/** What the bank's engineers should see in the console or their logs; never shown to the customer. */
export interface Logger {
  warn(message: string): void;
}
export const LOGGER = Symbol('Logger');
