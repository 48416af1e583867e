// Issue 25, its first item: the app as a screen reader speaks it. A virtual screen reader
// (@guidepup/virtual-screen-reader) walks the accessibility tree of the rendered app in jsdom,
// moved by screen reader commands only (next and previous item, next heading, activate, type,
// press a key; and time passing), and every phrase it speaks after a command, the live regions'
// announcements among them, is kept with that command: the journey's transcript
// (docs/screen-reader.md).
import { Virtual } from '@guidepup/virtual-screen-reader';
import { act } from 'react';

/** One command given to the screen reader and what it spoke in answer, in order. */
export interface Spoken {
  readonly command: string;
  readonly phrases: readonly string[];
}

/** What the reader logs when a live region is emptied: nothing to say. */
const EMPTY_LIVE = /^(polite|assertive): *$/;

/** Controls whose state a screen reader says again when it changes under the focus. */
const STATEFUL = 'input[type="checkbox"], input[type="radio"], [aria-expanded], [aria-pressed], [aria-checked]';

/** How many item moves a search for a phrase may take before it fails (a journey that lost its way). */
const MAX_MOVES = 120;

/** Lets the app's promises, React's renders and the reader's own handlers (focus, live regions) run. */
async function settle(): Promise<void> {
  for (let round = 0; round < 4; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** How long a step's code that loads on demand may take to arrive (a busy machine compiles it first). */
const STEP_LOAD_LIMIT_MS = 30_000;

/** Waits (inside act) until `ready()` holds, as a step's code that loads on demand arrives. */
async function settleUntil(ready: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + STEP_LOAD_LIMIT_MS;
  while (Date.now() < deadline) {
    if (ready()) return settle();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
  throw new Error(`the screen reader waited in vain for ${what}`);
}

/** CSSOM's CSS.escape(), which the reader uses to find an element by id and jsdom does not have. */
function cssEscape(value: string): string {
  let escaped = '';
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    const digit = code >= 0x30 && code <= 0x39;
    if (code === 0) escaped += '\uFFFD';
    else if ((code >= 0x1 && code <= 0x1f) || code === 0x7f || (index === 0 && digit) || (index === 1 && digit && value.charCodeAt(0) === 0x2d))
      escaped += `\\${code.toString(16)} `;
    else if (index === 0 && value.length === 1 && code === 0x2d) escaped += `\\${value.charAt(index)}`;
    else if (code >= 0x80 || code === 0x2d || code === 0x5f || digit || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a))
      escaped += value.charAt(index);
    else escaped += `\\${value.charAt(index)}`;
  }
  return escaped;
}

/**
 * What jsdom lacks for the reader, put in place while it runs: CSS.escape(), and computed styles
 * of ::before and ::after, which jsdom does not compute (it says so on the console). The app's
 * stylesheets are not loaded in jsdom, so there is no generated content to find: the element's
 * own style is answered, whose `content` is empty.
 */
function installReaderShims(): () => void {
  const global = globalThis as { CSS?: { escape: (value: string) => string } };
  const hadCss = global.CSS !== undefined;
  if (!hadCss) global.CSS = { escape: cssEscape };
  const computed = globalThis.getComputedStyle;
  globalThis.getComputedStyle = (element: Element) => computed(element);
  return () => {
    globalThis.getComputedStyle = computed;
    if (!hadCss) delete global.CSS;
  };
}

/**
 * The reader reads a checkbox's state from its `checked` attribute (and "partly ticked" from an
 * `indeterminate` attribute, which HTML does not have), where a browser's accessibility tree reads
 * the state itself: React sets the properties only. So each checkbox's and radio button's state is
 * copied into those attributes before the reader reads (same state: nothing changes for the app).
 */
function showCheckedness(): void {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"], input[type="radio"]')) {
    if (input.hasAttribute('checked') !== input.checked) input.toggleAttribute('checked', input.checked);
    if (input.hasAttribute('indeterminate') !== input.indeterminate) input.toggleAttribute('indeterminate', input.indeterminate);
  }
}

type Listener = (event: Event) => void;

/**
 * A screen reader speaks a focus change only if the element still has the focus when it gets to
 * the event (NVDA and JAWS drop a focus event whose element has already lost the focus). The
 * virtual reader speaks every `focusin`: its listener on `target` is wrapped, while `install` runs,
 * so that an event whose element has lost the focus a moment later is not spoken. So when the app
 * moves the focus twice in one go (showModal() gives it to the modal's first button, the app then
 * to the dialog itself, DESIGN §3.7), the dialog alone is spoken, as a customer hears it.
 */
async function withFocusAsReadersHearIt(target: EventTarget, wrapped: Map<Listener, Listener>, install: () => Promise<void>): Promise<void> {
  const add = target.addEventListener.bind(target);
  const remove = target.removeEventListener.bind(target);
  target.addEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) => {
    if (type !== 'focusin' || typeof listener !== 'function') return add(type, listener, options);
    const stillFocused: Listener = (event) => {
      queueMicrotask(() => {
        if (event.target === document.activeElement) listener(event);
      });
    };
    wrapped.set(listener, stillFocused);
    add(type, stillFocused, options);
  };
  target.removeEventListener = (type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) => {
    const own = typeof listener === 'function' ? wrapped.get(listener) : undefined;
    remove(type, own ?? listener, options);
  };
  try {
    await install();
  } finally {
    // Back to the prototype's methods (the wrapped listener stays, and is removed through the map).
    Reflect.deleteProperty(target, 'addEventListener');
    Reflect.deleteProperty(target, 'removeEventListener');
  }
}

/** A screen reader on the document, keeping what it says command by command. */
export class ScreenReader {
  readonly #virtual = new Virtual();
  readonly #transcript: Spoken[] = [];
  readonly #focusListeners = new Map<Listener, Listener>();
  /** Alerts inserted whole, with where they fall in the reader's log (see #listenForAlerts). */
  readonly #alerts: { readonly at: number; readonly phrase: string }[] = [];
  #alertObserver: MutationObserver | undefined;
  #heard = 0;
  #uninstall: (() => void) | undefined;

  /** Turns the reader on over the whole document; what it says first is kept under "start". */
  async start(): Promise<void> {
    this.#uninstall = installReaderShims();
    await withFocusAsReadersHearIt(document.body, this.#focusListeners, () => this.#virtual.start({ container: document.body }));
    await settle();
    this.#listenForAlerts();
    await this.#keep('start');
  }

  async stop(): Promise<void> {
    this.#alertObserver?.disconnect();
    await withFocusAsReadersHearIt(document.body, this.#focusListeners, () => this.#virtual.stop());
    this.#uninstall?.();
    this.#uninstall = undefined;
  }

  /** The journey so far, command by command. */
  get transcript(): readonly Spoken[] {
    return this.#transcript;
  }

  /** Moves to the next item and says it. */
  async next(): Promise<string> {
    showCheckedness();
    await this.#virtual.next();
    await this.#keep('next item');
    return this.#virtual.lastSpokenPhrase();
  }

  /** Moves to the previous item and says it. */
  async previous(): Promise<string> {
    showCheckedness();
    await this.#virtual.previous();
    await this.#keep('previous item');
    return this.#virtual.lastSpokenPhrase();
  }

  /** Moves item by item, onwards (or back), until the reader says a phrase that matches; each move is in the transcript. */
  async nextTo(phrase: string | RegExp, direction: 'onwards' | 'back' = 'onwards'): Promise<void> {
    const matches = (said: string): boolean => (typeof phrase === 'string' ? said === phrase : phrase.test(said));
    for (let move = 0; move < MAX_MOVES; move += 1) {
      if (matches(await (direction === 'onwards' ? this.next() : this.previous()))) return;
    }
    const last = this.#transcript.slice(-8).flatMap(({ phrases }) => phrases);
    throw new Error(`the screen reader never reached ${String(phrase)}; it said last:\n${last.join('\n')}`);
  }

  /** Moves to the next heading (the screen reader's H key). */
  async nextHeading(): Promise<void> {
    showCheckedness();
    await this.#virtual.perform(this.#virtual.commands.moveToNextHeading);
    await this.#keep('next heading');
  }

  /**
   * Activates the item under the cursor (Enter or Space on it: a click), then waits for `until`
   * if given (a step whose code loads on demand).
   */
  async activate(until?: { readonly ready: () => boolean; readonly what: string }): Promise<void> {
    await this.#virtual.act();
    await settle();
    if (until !== undefined) await settleUntil(until.ready, until.what);
    await this.#stateChanges();
    await this.#keep('activate');
  }

  /** Types into the field under the cursor. */
  async type(text: string): Promise<void> {
    await this.#virtual.type(text);
    await settle();
    await this.#keep(`type "${text}"`);
  }

  /** Presses a key on the item under the cursor (Escape). */
  async press(key: string): Promise<void> {
    await this.#virtual.press(key);
    await settle();
    await this.#keep(`press ${key}`);
  }

  /**
   * Time passes with the customer doing nothing, second by second (`tick` moves the app's clock
   * by one), so that what the page says at each second is heard.
   */
  async waits(seconds: number, tick: () => void): Promise<void> {
    for (let second = 0; second < seconds; second += 1) {
      await act(async () => {
        tick();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
    await settle();
    await this.#keep(`wait ${seconds} s`);
  }

  /**
   * Something happens on the page with the customer doing nothing (`what`: the app's script
   * arriving and taking the pre-rendered page over): what the reader says meanwhile.
   */
  async meanwhile(what: string, happen: () => Promise<void>): Promise<void> {
    await happen();
    await settle();
    await this.#keep(what);
  }

  /** Whether the reading cursor is on an element inside `container` (a modal keeping the reading in). */
  cursorWithin(container: Element): boolean {
    const node = this.#virtual.activeNode;
    return node !== null && container.contains(node);
  }

  /**
   * A screen reader speaks the focused control again when its state changes (a checkbox ticked a
   * moment after the click, once the flow has taken it). The virtual reader does so after a key
   * press only, so a lone Shift, which nothing in the app listens to, is pressed on a control with
   * a state under the cursor when it has the focus (and the page is not inert under the spinner):
   * said again if it changed, else nothing.
   */
  async #stateChanges(): Promise<void> {
    const node = this.#virtual.activeNode;
    if (!(node instanceof HTMLElement) || node !== document.activeElement || node.closest('[inert]') !== null || !node.matches(STATEFUL)) return;
    showCheckedness();
    await this.#virtual.press('Shift');
    await settle();
  }

  /**
   * A browser tells screen readers of an element with role="alert" put into the page whole (the
   * login's error banner), and they say its text at once; the virtual reader hears changes inside
   * a live region that is already there only. So an alert put in is said here, `assertive:`,
   * where it falls among what the reader says.
   */
  #listenForAlerts(): void {
    const alertsIn = (node: Node): Element[] =>
      node instanceof Element ? [...(node.matches('[role="alert"]') ? [node] : []), ...node.querySelectorAll('[role="alert"]')] : [];
    this.#alertObserver = new MutationObserver((records) => {
      const phrases = records
        .flatMap((record) => [...record.addedNodes].flatMap(alertsIn))
        .map((alert) => (alert.textContent ?? '').replace(/\s+/g, ' ').trim())
        .filter((text) => text !== '')
        .map((text) => `assertive: ${text}`);
      if (phrases.length === 0) return;
      void this.#virtual.spokenPhraseLog().then((log) => {
        for (const phrase of phrases) this.#alerts.push({ at: log.length, phrase });
      });
    });
    this.#alertObserver.observe(document.body, { childList: true, subtree: true });
  }

  /** Keeps what was said since the last command under this one. */
  async #keep(command: string): Promise<void> {
    const log = await this.#virtual.spokenPhraseLog();
    const said: string[] = [];
    for (let index = this.#heard; index <= log.length; index += 1) {
      while (this.#alerts[0] !== undefined && this.#alerts[0].at <= index) said.push(this.#alerts.shift()?.phrase ?? '');
      const phrase = log[index];
      // A live region emptied is reported as an empty announcement, which a screen reader does not say.
      if (phrase !== undefined && !EMPTY_LIVE.test(phrase)) said.push(phrase);
    }
    this.#transcript.push({ command, phrases: said });
    this.#heard = log.length;
  }
}

/** The transcript as text: each command, then what was said, one phrase a line. */
export function transcriptText(transcript: readonly Spoken[]): string {
  const width = Math.max(...transcript.map(({ command }) => command.length));
  const lines: string[] = [];
  for (const { command, phrases } of transcript) {
    if (phrases.length === 0) lines.push(`${command.padEnd(width)} | (nothing)`);
    phrases.forEach((phrase, index) => lines.push(`${(index === 0 ? command : '').padEnd(width)} | ${phrase}`));
  }
  return lines.join('\n');
}
