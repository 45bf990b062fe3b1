import { useEffect, useState } from 'react';

/** What the rotation needs of a screen: its id and how long it stays. */
export type RotatingScreen = { id: string; durationSeconds: number };

export type Rotation<S extends RotatingScreen> = {
  /** The screen on the wall now (null: no screens). */
  current: S | null;
  /** The one after it (the first again after the last); null with fewer than two screens. */
  next: S | null;
  index: number;
  /** How many screens rotate. */
  length: number;
  /**
   * Counts every turn, so a screen shown again (a playlist of one, or the same screen after a
   * full round) is a new showing: its progress bar starts over.
   */
  turn: number;
};

/** The index of the screen with this id, or 0 when it left the playlist (or there was none yet). */
export function findRotationIndex(screens: readonly RotatingScreen[], id: string | null): number {
  const index = id === null ? -1 : screens.findIndex((screen) => screen.id === id);
  return index < 0 ? 0 : index;
}

/**
 * Rotates through `screens`, each for its `durationSeconds`. One timer at a time: it is set when
 * a screen comes on and cleared when it goes (or the component unmounts), so a wall rotating for
 * days holds one timer, never one per turn. The place is kept by screen id: a playlist read again
 * (every minute, or after an edit) keeps the current screen on and its timer running; a screen
 * removed by an edit gives way to the first.
 */
export function useRotation<S extends RotatingScreen>(screens: readonly S[]): Rotation<S> {
  const [shown, setShown] = useState<{ id: string | null; turn: number }>(() => ({ id: screens[0]?.id ?? null, turn: 0 }));
  const index = findRotationIndex(screens, shown.id);
  const current = screens[index] ?? null;
  const next = screens.length > 1 ? screens[(index + 1) % screens.length]! : null;
  const currentId = current?.id ?? null;
  const durationMs = (current?.durationSeconds ?? 0) * 1_000;
  const nextId = next?.id ?? null;

  useEffect(() => {
    // A playlist of one screen stays on it; nothing to time.
    if (currentId === null || nextId === null) return;
    const timer = setTimeout(() => setShown((before) => ({ id: nextId, turn: before.turn + 1 })), durationMs);
    return () => clearTimeout(timer);
    // The turn is a dependency so that a screen shown again after a full round is timed again.
  }, [currentId, nextId, durationMs, shown.turn]);

  return { current, next, index, length: screens.length, turn: shown.turn };
}
