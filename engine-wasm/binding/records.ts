/*
 * records.ts — typed-array views over arrays of fixed-size records (sp_event,
 * sp_result). Over wasm memory they are zero-copy and valid until the next
 * sp_run (or any call that may grow memory); copy() gives a view over a fresh
 * ArrayBuffer that can be transferred to another thread, and the receiving
 * side rebuilds the view with the same class: one layout, both sides.
 */

import { EVENT, PROBE, RESULT, type StructLayout, type FieldType } from './layout';

type ArrayFor = {
  f64: Float64Array; i32: Int32Array; u32: Uint32Array; u16: Uint16Array; i64: BigInt64Array;
};

const BYTES: Record<FieldType, number> = { f64: 8, i32: 4, u32: 4, u16: 2, i64: 8 };

/** An array of `count` records of `layout` starting at `byteOffset` of `buffer`. */
export class RecordView<K extends string> {
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  readonly u32: Uint32Array;
  readonly u16: Uint16Array;
  readonly i64: BigInt64Array;

  constructor(
    readonly layout: StructLayout<K>,
    readonly buffer: ArrayBuffer,
    readonly byteOffset: number,
    readonly count: number,
  ) {
    if (byteOffset % 8 !== 0) throw new RangeError(`${layout.cName} records must be 8-byte aligned (offset ${byteOffset})`);
    const words = (layout.size * count) / 8;
    this.f64 = new Float64Array(buffer, byteOffset, words);
    this.i32 = new Int32Array(buffer, byteOffset, words * 2);
    this.u32 = new Uint32Array(buffer, byteOffset, words * 2);
    this.u16 = new Uint16Array(buffer, byteOffset, words * 4);
    this.i64 = new BigInt64Array(buffer, byteOffset, words);
  }

  /** Index of field `key` of record `i` in the typed array of the field's type. */
  index(i: number, key: K): number {
    const f = this.layout.fields[key];
    return (i * this.layout.size + f.offset) / BYTES[f.type];
  }

  /** Field `key` of record `i` as a number (int64 must be a safe integer). */
  get(i: number, key: K): number {
    const f = this.layout.fields[key];
    const arr = this[f.type] as ArrayFor[typeof f.type];
    const v = arr[(i * this.layout.size + f.offset) / BYTES[f.type]];
    return typeof v === 'bigint' ? Number(v) : v;
  }

  /** Record `i` as a plain object. */
  at(i: number): { [P in K]: number } {
    if (i < 0 || i >= this.count) throw new RangeError(`${this.layout.cName} index ${i} outside 0..${this.count - 1}`);
    const out = {} as { [P in K]: number };
    for (const key of Object.keys(this.layout.fields) as K[]) out[key] = this.get(i, key);
    return out;
  }

  /** The records' bytes, copied into a new ArrayBuffer (transferable). */
  copyBytes(): ArrayBuffer {
    const src = new Uint8Array(this.buffer, this.byteOffset, this.layout.size * this.count);
    return src.slice().buffer;
  }
}

export type EventRecord = ReturnType<RecordView<keyof typeof EVENT.fields>['at']>;
export type ResultRecord = ReturnType<RecordView<keyof typeof RESULT.fields>['at']>;

/** Each event field's index within its record, in units of its own type. */
const EV = Object.fromEntries(
  Object.entries(EVENT.fields).map(([k, f]) => [k, f.offset / BYTES[f.type]]),
) as { [K in keyof typeof EVENT.fields]: number };
const EV_F64 = EVENT.size / 8;
const EV_I32 = EVENT.size / 4;
const EV_U16 = EVENT.size / 2;

/** sp_event records (56 bytes each). */
export class EventView extends RecordView<keyof typeof EVENT.fields> {
  constructor(buffer: ArrayBuffer, byteOffset: number, count: number) {
    super(EVENT, buffer, byteOffset, count);
  }
  /** A copy over its own ArrayBuffer, safe to keep and to transfer. */
  copy(): EventView {
    return new EventView(this.copyBytes(), 0, this.count);
  }
  time(i: number): number { return this.f64[i * EV_F64 + EV.timeMs]; }
  dur(i: number): number { return this.f64[i * EV_F64 + EV.durMs]; }
  angle(i: number): number { return this.f64[i * EV_F64 + EV.angle]; }
  req(i: number): number { return this.u32[i * EV_I32 + EV.req]; }
  kind(i: number): number { return this.u16[i * EV_U16 + EV.kind]; }
  disk(i: number): number { return this.u16[i * EV_U16 + EV.disk]; }
  cyl(i: number): number { return this.i32[i * EV_I32 + EV.cyl]; }
  surface(i: number): number { return this.i32[i * EV_I32 + EV.surface]; }
  a(i: number): number { return this.i32[i * EV_I32 + EV.a]; }
  b(i: number): number { return this.i32[i * EV_I32 + EV.b]; }
  /** The logical request the event belongs to (host events: = req; none: 0xFFFFFFFF). */
  logical(i: number): number { return this.u32[i * EV_I32 + EV.logical]; }
  c(i: number): number { return this.i32[i * EV_I32 + EV.c]; }
}

const RS = Object.fromEntries(
  Object.entries(RESULT.fields).map(([k, f]) => [k, f.offset / BYTES[f.type]]),
) as { [K in keyof typeof RESULT.fields]: number };
const RS_I32 = RESULT.size / 4;
const RS_I64 = RESULT.size / 8;

/** sp_result records (152 bytes each). */
export class ResultView extends RecordView<keyof typeof RESULT.fields> {
  constructor(buffer: ArrayBuffer, byteOffset: number, count: number) {
    super(RESULT, buffer, byteOffset, count);
  }
  /** A copy over its own ArrayBuffer, safe to keep and to transfer. */
  copy(): ResultView {
    return new ResultView(this.copyBytes(), 0, this.count);
  }
  /** Device request: its logical request (-1: none); logical record (disk -1): its own id. */
  logical(i: number): number { return Number(this.i64[i * RS_I64 + RS.logical]); }
  /** Logical record: the device requests it became; device request: 1. */
  parts(i: number): number { return this.i32[i * RS_I32 + RS.parts]; }
  /** -1 for a logical (volume) request's record. */
  disk(i: number): number { return this.i32[i * RS_I32 + RS.disk]; }
  /** RequestStatus: 0 done; a shingled drive's refusal (UnalignedWrite, WriteBoundary). */
  status(i: number): number { return this.i32[i * RS_I32 + RS.status]; }
}

/** sp_probe records (32 bytes each): requests of the track-boundary extractor. */
export class ProbeView extends RecordView<keyof typeof PROBE.fields> {
  constructor(buffer: ArrayBuffer, byteOffset: number, count: number) {
    super(PROBE, buffer, byteOffset, count);
  }
  /** A copy over its own ArrayBuffer, safe to keep and to transfer. */
  copy(): ProbeView {
    return new ProbeView(this.copyBytes(), 0, this.count);
  }
}
