/*
 * useRunController.ts — a page's run controller over the engine worker
 * (closed with the page), and the engine input a setup stands for: the same
 * object while only view fields (speed, tab) change, so a run restarts only
 * when the engine's input does.
 */
import { useEffect, useMemo, useRef } from 'react';
import { EngineClient } from '../engine/client';
import { sameRun, type Setup } from '../state/setup';
import { RunController, type RunCaller } from './runController';

const engineCaller = (): RunCaller => EngineClient.start() as unknown as RunCaller;

/** One run controller for the page's lifetime; its worker is closed when the page goes. */
export function useRunController(): RunController {
  const controller = useMemo(() => new RunController(engineCaller), []);
  useEffect(() => () => controller.dispose(), [controller]);
  return controller;
}

/** `setup` as the engine sees it: a new object only when a field outside the view changes. */
export function useRunInput(setup: Setup): Setup {
  const input = useRef(setup);
  if (!sameRun(input.current, setup)) input.current = setup;
  return input.current;
}
