import 'reflect-metadata/lite';
import { expect } from 'chai';
import { render } from 'ink-testing-library';
import { Container } from 'inversify';
import { ModalStore } from '../../application/stores/modal.store';
import { SessionStore } from '../../application/stores/session.store';
import { copy, modalText } from '../../domain/copy';
import { MODAL_NAMES, MODAL_RULES, type ModalName } from '../../domain/modal';
import { ModalView } from '../../ui/terminal/modal-view';
import { ServicesProvider } from '../../ui/terminal/services-context';
import { settled, watchFrames } from './fake-terminal';

const ESCAPE = '\u001B';
const CONTACT_US = 'https://www.bank.example/contact-us';

/** Ink wraps long lines: compare texts with their whitespace folded. */
const folded = (text: string): string =>
  text
    .replace(/[│╭╮╰╯─]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The terminal's modal view over a modal store showing `name`; what it was asked to do is recorded. */
function showModal(name: ModalName, isPar: boolean) {
  const asked: string[] = [];
  const modal = {
    current: { name, seconds: 42 },
    busy: false,
    activate: async () => {
      asked.push('activate');
    },
    dismiss: async () => {
      asked.push('dismiss');
    },
  };
  const session = {
    tppName: 'Budget Buddy',
    isPar,
    modalContext: { tppName: 'Budget Buddy', isPar, outcome: 'nothingShared' },
    config: { links: { contactUs: CONTACT_US } },
  };
  const container = new Container();
  container.bind(ModalStore).toConstantValue(modal as unknown as ModalStore);
  container.bind(SessionStore).toConstantValue(session as unknown as SessionStore);
  const view = render(
    <ServicesProvider container={container}>
      <ModalView />
    </ServicesProvider>,
  );
  return { view, screen: watchFrames(view), asked, frame: () => folded(view.lastFrame() ?? '') };
}

/** Spec §4 "Modals", DESIGN §3.10: every modal of the catalogue in the terminal, first consent and amendment. */
describe('terminal channel: every modal', () => {
  for (const name of MODAL_NAMES) {
    for (const isPar of [false, true]) {
      it(`${name}${isPar ? ' (amendment)' : ''}: its title, paragraphs, countdown, phones, link and buttons; Escape only when closable`, async () => {
        const { view, screen, asked, frame } = showModal(name, isPar);
        try {
          const entry = copy.modals[name];
          const context = { tppName: 'Budget Buddy', isPar, outcome: 'nothingShared' as const };
          const primary = `[ ${folded(modalText(entry.primary, context))} ]`;
          // DESIGN §3.18 (issue 33 item 4): a question whose main button is the second ("No, stay") shows it first.
          const secondFirst = entry.secondaryIsMain === true && entry.secondary !== undefined;
          const first = secondFirst ? `[ ${entry.secondary ?? ''} ]` : primary;
          // Ink gives the first button its focus after the first frame: the frame that points at it.
          await screen.until((drawn) => folded(drawn).includes(`> ${first}`), `the focus on the first button, ${first}`);
          const shown = frame();
          expect(shown).to.include(folded(modalText(entry.title, context)));
          for (const paragraph of entry.paragraphs) expect(shown).to.include(folded(modalText(paragraph, context)));
          if (entry.countdown !== undefined) expect(shown).to.include(folded(entry.countdown(42)));
          for (const phone of entry.phones ?? []) expect(shown).to.include(phone.number);
          if (entry.contactLink !== undefined) expect(shown).to.include(CONTACT_US);
          expect(shown).to.include(primary);
          const closable = MODAL_RULES[name].closable;
          if (entry.secondary !== undefined)
            expect(shown.includes(`[ ${entry.secondary} ]`), 'the secondary button only on a closable modal').to.equal(closable);
          // Once the views have settled, the focused button listens: one Enter presses it, once.
          await settled();
          view.stdin.write('\r');
          await settled();
          expect(asked, 'Enter presses the focused first button, once, nothing else').to.deep.equal([secondFirst ? 'dismiss' : 'activate']);
          asked.length = 0;
          view.stdin.write(ESCAPE);
          await settled(); // Ink reads a lone Escape a turn later; the modal's answer to it, if any, is made by then
          expect(asked).to.deep.equal(closable ? ['dismiss'] : []);
        } finally {
          view.unmount();
        }
      });
    }
  }
});
