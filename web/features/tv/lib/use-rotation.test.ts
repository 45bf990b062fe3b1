import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findRotationIndex, type RotatingScreen, useRotation } from './use-rotation';

const screens: RotatingScreen[] = [
  { id: 'board', durationSeconds: 20 },
  { id: 'week', durationSeconds: 10 },
  { id: 'message', durationSeconds: 5 },
];

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useRotation', () => {
  it('shows each screen for its own seconds, names the next, and comes round again', () => {
    const { result } = renderHook(() => useRotation(screens));
    expect(result.current).toMatchObject({ current: { id: 'board' }, next: { id: 'week' }, index: 0, length: 3 });
    advance(19_999);
    expect(result.current.current?.id).toBe('board');
    advance(1);
    expect(result.current).toMatchObject({ current: { id: 'week' }, next: { id: 'message' }, index: 1 });
    advance(10_000);
    expect(result.current).toMatchObject({ current: { id: 'message' }, next: { id: 'board' } });
    advance(5_000);
    expect(result.current.current?.id).toBe('board');
    expect(result.current.turn).toBe(3);
  });

  it('holds one timer at a time, however long it rotates', () => {
    const { result, unmount } = renderHook(() => useRotation(screens));
    // A day of rotations: 35 s a round.
    for (let i = 0; i < (24 * 3600) / 35; i++) {
      advance(35_000);
      expect(vi.getTimerCount()).toBe(1);
    }
    expect(result.current.current?.id).toBe('board');
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps its place and its timer when the playlist is read again, even as a new array', () => {
    const { result, rerender } = renderHook(({ list }) => useRotation(list), { initialProps: { list: screens } });
    advance(15_000);
    rerender({ list: screens.map((s) => ({ ...s })) });
    advance(5_000);
    // 20 s after the board came on, not 20 s after the playlist was read again.
    expect(result.current.current?.id).toBe('week');
  });

  it('gives way to the first screen when the one on the wall is removed, and stays put with one screen', () => {
    const { result, rerender } = renderHook(({ list }) => useRotation(list), { initialProps: { list: screens } });
    advance(20_000);
    expect(result.current.current?.id).toBe('week');
    rerender({ list: [screens[0]!, screens[2]!] });
    expect(result.current.current?.id).toBe('board');
    rerender({ list: [screens[2]!] });
    expect(result.current).toMatchObject({ current: { id: 'message' }, next: null });
    expect(vi.getTimerCount()).toBe(0);
    advance(60_000);
    expect(result.current.current?.id).toBe('message');
  });

  it('times a screen again when its seconds are edited while it is on', () => {
    const { result, rerender } = renderHook(({ list }) => useRotation(list), { initialProps: { list: screens } });
    advance(5_000);
    rerender({ list: [{ id: 'board', durationSeconds: 8 }, ...screens.slice(1)] });
    advance(7_999);
    expect(result.current.current?.id).toBe('board');
    advance(1);
    expect(result.current.current?.id).toBe('week');
  });

  it('shows nothing without screens', () => {
    const { result } = renderHook(() => useRotation([]));
    expect(result.current).toMatchObject({ current: null, next: null, length: 0 });
  });
});

describe('findRotationIndex', () => {
  it('finds a screen by id, and falls back to the first', () => {
    expect(findRotationIndex(screens, 'message')).toBe(2);
    expect(findRotationIndex(screens, 'gone')).toBe(0);
    expect(findRotationIndex(screens, null)).toBe(0);
  });
});
