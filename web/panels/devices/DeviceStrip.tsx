/*
 * DeviceStrip — one compact live platter per device of the volume, each
 * with its arm, active head and the sectors of its request in service
 * (drawn from outside through the canvas handles, like the large platter),
 * its queue lengths and request in service under it. A device is selected
 * by clicking it (or with the keys 1–9); the selected one is shown large.
 */
import { memo } from 'react';
import type { CanvasHandle } from '../live/CanvasPanel';
import { CanvasPanel } from '../live/CanvasPanel';

export interface DeviceSummary {
  name: string;
  /** Requests waiting at the device (driver FIFO + disk queue). */
  queued: number;
  /** The request in service, or -1. */
  service: number;
  completed: number;
}

export interface DeviceStripProps {
  devices: readonly DeviceSummary[];
  selected: number;
  onSelect(device: number): void;
  /** The canvas of device i, for the frame loop to draw on. */
  canvasRef(device: number): (h: CanvasHandle | null) => void;
  px: number;
}

export const DeviceStrip = memo(function DeviceStrip({ devices, selected, onSelect, canvasRef, px }: DeviceStripProps) {
  return (
    <div className="devstrip" role="group" aria-label="Devices of the volume (keys 1–9 select)" data-testid="device-strip">
      {devices.map((d, i) => (
        <button key={i} type="button" className="device" aria-pressed={i === selected} data-testid={`device-${i}`} data-device={i}
          onClick={() => onSelect(i)} title={`Device ${i}: ${d.name} (key ${i + 1 <= 9 ? i + 1 : '—'})`}>
          <CanvasPanel ref={canvasRef(i)} width={px} height={px} testId={`device-platter-${i}`}
            label={`Platter of device ${i} (${d.name}): its arm, active head and the sectors of its request in service`} />
          <span className="devlabel">
            <strong>{i + 1 <= 9 ? <kbd>{i + 1}</kbd> : null} disk {i}</strong>{' '}
            <span data-testid={`device-queued-${i}`} data-value={d.queued}>q {d.queued}</span>{' · '}
            <span data-testid={`device-service-${i}`} data-value={d.service}>{d.service >= 0 ? `#${d.service}` : 'idle'}</span>
          </span>
        </button>
      ))}
    </div>
  );
});
