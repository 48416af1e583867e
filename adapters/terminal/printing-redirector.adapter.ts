import type { Redirector } from '../../application/ports/redirector.port';
import type { ReturnUrl } from '../../domain/return-url';

/**
 * DESIGN §3.2 "One exit" in a terminal: the journey ends where a browser would leave for the
 * third party. The return address (code, state and id_token, or the error) is handed to
 * `onLeave`, which prints it and ends the run; the first departure wins.
 */
export class PrintingRedirector implements Redirector {
  private left = false;

  constructor(private readonly onLeave: (url: ReturnUrl) => void) {}

  leave(url: ReturnUrl): void {
    if (this.left) return;
    this.left = true;
    this.onLeave(url);
  }
}
