import { describe, it, expect } from 'vitest';
import { stageWaiting } from './stageWaiting';

describe('stageWaiting: what a reorganization run on the stage waits for', () => {
  it('before the worker reports: the engine, then what it will build', () => {
    const w = stageWaiting(null, 29);
    expect(w.text).toBe('Waiting for the engine…');
    expect(w.detail).toContain('epoch 30');
    expect(w.fraction).toBeUndefined();
  });

  it('the file system\'s build, with the engine\'s share done', () => {
    expect(stageWaiting({ kind: 'building', fraction: 0.426 }, 29)).toEqual({
      text: 'Building the file system: 43 %',
      detail: 'Then the 29 epochs before epoch 30 are run; the stage plays epoch 30.',
      fraction: 0.426,
    });
    expect(stageWaiting({ kind: 'building', fraction: 1 }, 0).detail).toBe('Then the stage plays epoch 1.');
  });

  it('the epochs before the chosen one: "building epoch k of N", the share from the simulated time reached', () => {
    // Epoch 30 chosen (index 29), epochs of 20 s: 29 run before it, to 580 s.
    expect(stageWaiting({ kind: 'epochs', simMs: 0, startMs: 580_000 }, 29)).toMatchObject({ text: 'Building epoch 1 of 29…', fraction: 0 });
    expect(stageWaiting({ kind: 'epochs', simMs: 230_000, startMs: 580_000 }, 29)).toMatchObject({ text: 'Building epoch 12 of 29…', fraction: 230 / 580 });
    // At the last one's end the count stays at N.
    expect(stageWaiting({ kind: 'epochs', simMs: 580_000, startMs: 580_000 }, 29)).toMatchObject({ text: 'Building epoch 29 of 29…', fraction: 1 });
  });
});
