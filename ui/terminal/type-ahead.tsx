import { useStdin } from 'ink';
import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';

/** Ink's input events (each key it reads). */
type KeyEvents = ReturnType<typeof useStdin>['internal_eventEmitter'];

/** Ctrl+C, as Ink reads it in raw mode (Ink's own exit is off: it would leave the last frame on screen). */
const CTRL_C = '\u0003';

/** Tab and Shift+Tab, which Ink's focus navigation takes. */
const FOCUS_KEYS: readonly string[] = ['\t', '\u001B[Z'];

/** What the app hears of the keys: each key (activity), and Ctrl+C (the run is interrupted). */
export interface KeyListeners {
  readonly key: () => void;
  readonly interrupt: () => void;
}

/** The pause between two kept keys given back: the focus a Tab moves is taken before the next key. */
const REPLAY_GAP_MS = 10;

/**
 * Keys typed while no control takes them are kept (docs/terminal.md "Keys"): Ink reads the
 * keyboard as soon as a control can take the focus, before the control has it (the journey
 * starting, a step changing), and a key read then reaches no one. Every key Ink reads while no
 * control has claimed the keys is held, and given back, in order, once one has.
 */
class TypeAhead {
  private claims = 0;
  private readonly held: string[] = [];
  private replaying = false;
  private timer: ReturnType<typeof setTimeout> | undefined = undefined;

  constructor(
    private readonly keys: KeyEvents,
    private readonly on: KeyListeners,
  ) {}

  /** Every key Ink reads (its input events): activity (spec §4), Ctrl+C, else held while no control takes it. */
  readonly hear = (input: string): void => {
    if (this.replaying) return;
    this.on.key();
    if (input === CTRL_C) {
      this.on.interrupt();
      return;
    }
    // Ink moves the focus on Tab and Shift+Tab itself, also when nothing has it: never twice.
    if (this.claims === 0 && !FOCUS_KEYS.includes(input)) this.held.push(input);
  };

  /** A control has the focus and listens: the keys held so far go to it. Returns the release. */
  claim(): () => void {
    this.claims += 1;
    this.schedule();
    return () => {
      this.claims -= 1;
    };
  }

  private schedule(): void {
    if (this.timer !== undefined || this.held.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.claims === 0) return; // the next claim gives them back
      const next = this.held.shift();
      if (next === undefined) return;
      this.replaying = true;
      try {
        this.keys.emit('input', next);
      } finally {
        this.replaying = false;
      }
      this.schedule();
    }, REPLAY_GAP_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

const TypeAheadContext = createContext<TypeAhead | undefined>(undefined);

/** Holds the keys no control takes (TypeAhead), for the whole app; `on` hears every key read, and Ctrl+C. */
export function TypeAheadProvider({ children, on }: { readonly children: ReactNode; readonly on: KeyListeners }) {
  const { internal_eventEmitter: keys } = useStdin();
  const [typeAhead] = useState(() => new TypeAhead(keys, on));
  // A layout effect: listening before any control's (passive) effect lets Ink read the keyboard.
  useLayoutEffect(() => {
    keys.on('input', typeAhead.hear);
    return () => {
      keys.off('input', typeAhead.hear);
      typeAhead.dispose();
    };
  }, [keys, typeAhead]);
  return <TypeAheadContext.Provider value={typeAhead}>{children}</TypeAheadContext.Provider>;
}

/** A control that has the focus takes the keys (and those held until then). Call after its useInput. */
export function useTakesKeys(focused: boolean): void {
  const typeAhead = useContext(TypeAheadContext);
  useEffect(() => (focused && typeAhead !== undefined ? typeAhead.claim() : undefined), [focused, typeAhead]);
}
