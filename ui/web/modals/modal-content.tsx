import type { RuntimeConfig } from '../../../application/runtime-config';
import { copy, modalText, type ModalContext } from '../../../domain/copy';
import type { ModalName } from '../../../domain/modal';
import { ExternalLink } from '../shell/external-link';
import { TimeoutCountdown } from './timeout-countdown';

/**
 * Spec §4 "Modals": one modal's title, paragraphs, its contact link or phone numbers, the
 * countdown of the timeout warning, and its buttons (primary: activate; secondary: dismiss,
 * closable modals only; the main one first, copy.ts `secondaryIsMain`). Buttons are disabled while the
 * modal's action runs.
 */
export function ModalContent({
  name,
  seconds,
  context,
  links,
  closable,
  busy,
  titleId,
  bodyId,
  onActivate,
  onDismiss,
}: {
  readonly name: ModalName;
  readonly seconds: number | undefined;
  readonly context: ModalContext;
  readonly links: RuntimeConfig['links'] | undefined;
  readonly closable: boolean;
  readonly busy: boolean;
  readonly titleId: string;
  readonly bodyId: string;
  readonly onActivate: () => void;
  readonly onDismiss: () => void;
}) {
  const entry = copy.modals[name];
  // DESIGN §3.18 (issue 33 item 4): a question whose main button is the second (staying) shows it first.
  const secondFirst = entry.secondaryIsMain === true && entry.secondary !== undefined && closable;
  const secondButton = (style: string) =>
    entry.secondary !== undefined && closable ? (
      <button type="button" className={`btn ${style}`} onClick={onDismiss} disabled={busy}>
        {entry.secondary}
      </button>
    ) : undefined;
  return (
    <>
      <h2 id={titleId} className="modal-title">
        {modalText(entry.title, context)}
      </h2>
      <div id={bodyId} className="modal-body stack">
        {entry.paragraphs.map((paragraph, index) => (
          <p key={index}>{modalText(paragraph, context)}</p>
        ))}
        {entry.countdown !== undefined && seconds !== undefined ? <TimeoutCountdown seconds={seconds} text={entry.countdown} /> : undefined}
        {entry.phones === undefined ? undefined : (
          <ul className="modal-phones">
            {entry.phones.map((phone) => (
              <li key={phone.tel}>
                {phone.label}: <a href={`tel:${phone.tel}`}>{phone.number}</a>
              </li>
            ))}
          </ul>
        )}
        {entry.contactLink === undefined || links === undefined ? undefined : (
          <p>
            <ExternalLink href={links.contactUs}>{entry.contactLink}</ExternalLink>
          </p>
        )}
      </div>
      <div className="button-row modal-buttons">
        {secondFirst ? secondButton('btn-primary') : undefined}
        <button type="button" className={`btn ${secondFirst ? 'btn-secondary' : 'btn-primary'}`} onClick={onActivate} disabled={busy}>
          {modalText(entry.primary, context)}
        </button>
        {secondFirst ? undefined : secondButton('btn-secondary')}
      </div>
    </>
  );
}
