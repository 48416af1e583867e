import { injectable } from 'inversify';
import type { Logger } from '../application/ports/logger.port';

/** The browser's console, where a bank engineer looks first. */
@injectable()
export class ConsoleLogger implements Logger {
  warn(message: string): void {
    console.warn(message);
  }
}
