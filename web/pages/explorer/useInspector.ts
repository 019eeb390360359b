/*
 * useInspector.ts — installs window.__spindle (web/run/inspect.ts) for the
 * page's lifetime: it reads the current playback, status, problems and
 * setup, and drives the clock's controls. `inspector` is set to it, for the
 * frames drawn to update.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { installInspector, type Inspector } from '../../run/inspect';
import type { Playback } from '../../run/playback';
import type { Problem, Setup } from '../../state/setup';

export interface InspectedPage {
  status: string;
  /** The device shown large, and how to choose another. */
  selected: number;
  selectDevice(device: number): void;
  problems: Problem[];
  setup: Setup;
}

export interface InspectedClock {
  playback(): Playback | null;
  setPlaying(v: boolean): void;
  stepEvent(): void;
  stepRequest(): void;
  seek(timeMs: number): void;
}

export function useInspector(inspector: RefObject<Inspector | null>, page: InspectedPage, clock: InspectedClock): void {
  const current = useRef(page);
  current.current = page;
  const { playback, setPlaying, stepEvent, stepRequest, seek } = clock;
  useEffect(() => {
    inspector.current = installInspector({
      playback,
      status: () => current.current.status,
      problems: () => current.current.problems,
      setup: () => current.current.setup,
      selected: () => current.current.selected,
      selectDevice: (i) => current.current.selectDevice(i),
      play: () => setPlaying(true),
      pause: () => setPlaying(false),
      stepEvent,
      stepRequest,
      seek,
    });
    return () => inspector.current?.uninstall();
  }, [inspector, playback, setPlaying, stepEvent, stepRequest, seek]);
}
