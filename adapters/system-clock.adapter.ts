import { injectable } from 'inversify';
import type { Clock } from '../application/ports/clock.port';

/** The device's clock (`Date.now()`): the one place the app reads the time of day. */
@injectable()
export class SystemClock implements Clock {
  /** Milliseconds since the epoch. */
  now(): number {
    return Date.now();
  }
}
