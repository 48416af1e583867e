import './setup-dom';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { expect } from 'chai';
import sinon from 'sinon';
import { Tooltip } from '../../ui/web/components/tooltip';

/** Spec §9: a tooltip opens on hover after 1000 ms. */
const TOOLTIP_DELAY_MS = 1000;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('ui: tooltip (spec §9)', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    cleanup();
    clock.restore();
  });

  const bubble = () => screen.getByRole('tooltip', { hidden: true });

  it('has the default label, describes its button, and opens on hover only after 1000 ms', () => {
    render(<Tooltip>At least 5 characters.</Tooltip>);
    const button = screen.getByRole('button', { name: 'More Information' });
    expect(button.getAttribute('aria-describedby')).to.equal(bubble().id);
    expect(bubble().hidden).to.equal(true);
    expect(bubble().className).to.contain('tooltip-w400');
    fireEvent.mouseEnter(button.parentElement as HTMLElement);
    act(() => {
      clock.tick(TOOLTIP_DELAY_MS - 1);
    });
    expect(bubble().hidden).to.equal(true);
    act(() => {
      clock.tick(1);
    });
    expect(bubble().hidden).to.equal(false);
    fireEvent.mouseLeave(button.parentElement as HTMLElement);
    expect(bubble().hidden).to.equal(true);
  });

  it('opens at once on focus or click; Escape closes it', () => {
    render(
      <Tooltip label="About usernames" width={240}>
        Text
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'About usernames' });
    fireEvent.focus(button);
    expect(bubble().hidden).to.equal(false);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(bubble().hidden).to.equal(true);
    fireEvent.click(button);
    expect(bubble().hidden).to.equal(false);
    expect(bubble().className).to.contain('tooltip-w240');
  });
});
