import type { ActivitySource } from '../../application/ports/activity-source.port';
import type { Cancel } from '../../application/ports/scheduler.port';

/** Where the key presses are heard (an emitter of `data`, one per key). */
export interface KeyStream {
  on(event: 'data', listener: () => void): unknown;
  off(event: 'data', listener: () => void): unknown;
}

/**
 * Spec §4 inactivity timer in a terminal: the keys Ink reads, as the app passes them on; never the
 * terminal's input itself, which a `data` listener would set flowing while Ink is not reading, and
 * the keys typed then would be lost. No visibility, connectivity or Back: DESIGN §3.15 does not apply.
 */
export class KeyPressActivitySource implements ActivitySource {
  constructor(private readonly keys: KeyStream | undefined) {}

  onActivity(listener: () => void): Cancel {
    const keys = this.keys;
    if (keys === undefined) return () => undefined;
    const onData = (): void => listener();
    keys.on('data', onData);
    return () => {
      keys.off('data', onData);
    };
  }

  onVisible(): Cancel {
    return () => undefined;
  }

  isOnline(): boolean {
    return true;
  }

  onConnectivity(): Cancel {
    return () => undefined;
  }

  /** A terminal has no Back (DESIGN §3.18): the customer's Cancel is Escape or the Cancel button. */
  onBack(): Cancel {
    return () => undefined;
  }

  /** A terminal has no page: its run ends by the exit, or by Ctrl+C (ui/terminal/run-journey.tsx calls `FlowController.pageLeft`). */
  onPageHide(): Cancel {
    return () => undefined;
  }
}
