import { startTransition, useEffect, useState } from 'react';

/**
 * A tile and the gap after it are never shorter than this (steps.css: a tile of one line of text
 * at 760 px and wider, its padding and border, the list's gap; two lines below 760 px).
 */
const TILE_PITCH_MIN_PX = 56;

/** Issue 33 item 17: how many tiles fill the window from top to bottom, at least (a screenful). */
export function screenfulOfTiles(): number {
  return Math.max(1, Math.ceil(window.innerHeight / TILE_PITCH_MIN_PX));
}

export interface RevealedTiles {
  /** How many of the list's tiles to render now. */
  readonly count: number;
  /** "Show more accounts": the tiles from `from` on come next, a screenful of them at once. */
  readonly revealFrom: (from: number) => void;
}

/**
 * Issue 33 item 17 (docs/performance.md "The accounts step at 5,000 accounts"): a screenful of
 * tiles at once, on the first render and after each new filter text (`restartKey`), then the rest
 * of the list in a transition just after, which React renders in slices with the browser free to
 * paint and take input between them. The tiles already there stay (none is remounted: the focus
 * stays where it is); the rest come after them, below the screen, so nothing on screen moves.
 * Ticks and select-all change no count: they act on the store's accounts, rendered or not.
 */
export function useRevealedTiles(total: number, restartKey: string): RevealedTiles {
  const [state, setState] = useState(() => ({ key: restartKey, limit: screenfulOfTiles() }));
  let limit = state.limit;
  if (state.key !== restartKey) {
    limit = screenfulOfTiles();
    setState({ key: restartKey, limit });
  }
  const pending = limit < total;
  useEffect(() => {
    if (pending) startTransition(() => setState((current) => ({ ...current, limit: Number.POSITIVE_INFINITY })));
  }, [pending, limit]);
  return {
    count: Math.min(total, limit),
    revealFrom: (from) => setState((current) => ({ ...current, limit: from + screenfulOfTiles() })),
  };
}
