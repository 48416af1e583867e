import type { ActivitySource } from '../../application/ports/activity-source.port';
import type { Cancel } from '../../application/ports/scheduler.port';

/** The part of the terminal's input stream this adapter listens to. */
export type KeyStream = Pick<NodeJS.ReadStream, 'on' | 'off'>;

/**
 * Spec §4 inactivity timer in a terminal: every key press is the customer's activity (the
 * input's `data` events, which Ink reads too). A terminal has no page to hide or show, and no
 * browser to say it is offline, nor a Back button: `onVisible`, `onConnectivity` and `onBack`
 * never fire, and a request
 * that gets no answer is an error of the bank's (DESIGN §3.15 does not apply).
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
}
