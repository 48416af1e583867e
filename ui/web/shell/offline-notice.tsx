import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef } from 'react';
import { SessionStore } from '../../../application/stores/session.store';
import { copy } from '../../../domain/copy';
import { useService } from '../services-context';

/** = shell.css: the height at the bottom of the window the notice covers, kept free at the page's end and for keyboard focus. */
const ROOM_PROPERTY = '--offline-notice-room';
/** Between the notice and what scrolls above it. */
const GAP_PX = 8;

/**
 * DESIGN §3.15: while the notice shows, the page keeps room for it at its end and keyboard focus
 * scrolls clear of it (WCAG 2.4.11), measured from the notice itself (its text wraps on a phone).
 */
function useRoomForNotice(notice: React.RefObject<HTMLDivElement | null>, shown: boolean): void {
  useLayoutEffect(() => {
    const element = notice.current;
    if (!shown || element === null) return undefined;
    const html = document.documentElement;
    const measure = () => html.style.setProperty(ROOM_PROPERTY, `${Math.ceil(window.innerHeight - element.getBoundingClientRect().top) + GAP_PX}px`);
    measure();
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      resized?.disconnect();
      window.removeEventListener('resize', measure);
      html.style.removeProperty(ROOM_PROPERTY);
    };
  }, [notice, shown]);
}

/**
 * DESIGN §3.15: a polite notice while the browser is offline (its region is always there, so it
 * is announced). It tells and takes nothing: a press passes through it to what is beneath
 * (shell.css), so a tap begun as the connection drops still lands where it began, even when the
 * notice slides in over Continue between the tap's press and its release (issue 20 item 9).
 */
export const OfflineNotice = observer(function OfflineNotice() {
  const offline = useService(SessionStore).offline;
  const notice = useRef<HTMLDivElement>(null);
  useRoomForNotice(notice, offline);
  return (
    <div ref={notice} role="status" aria-live="polite" className={offline ? 'offline-notice' : 'visually-hidden'}>
      {offline ? copy.shell.offline : ''}
    </div>
  );
});
