/*
 * lines.ts — the lines of a trace, a slice at a time: bytes are decoded as
 * UTF-8 in chunks (never the whole file as one string), a string is cut in
 * chunks too. Line ends \n or \r\n; a leading byte-order mark is dropped. A
 * line longer than MAX_LINE_CHARS is reported rather than buffered.
 */
import { MAX_LINE_CHARS } from './types';

const CHUNK = 1 << 20;

export class LineSource {
  private at = 0;
  private carry = '';
  private readonly decoder: TextDecoder | undefined;
  /** Number of the next line handed out (1-based). */
  nextLine = 1;
  /** Set when a line is too long: its number. */
  tooLong = 0;

  constructor(private readonly input: string | Uint8Array) {
    this.decoder = typeof input === 'string' ? undefined : new TextDecoder('utf-8');
  }

  get size(): number {
    return this.input.length;
  }

  get consumed(): number {
    return this.at;
  }

  /** The next lines (a chunk's worth), or undefined at the end (or after a too-long line). */
  next(): string[] | undefined {
    if (this.tooLong) return undefined;
    for (;;) {
      if (this.at >= this.input.length) {
        if (this.carry === '' && this.at > 0) return undefined;
        const last = this.carry + (this.decoder ? this.decoder.decode() : '');
        this.carry = '';
        if (this.at === 0) this.at = 1; // an empty input ends after this
        if (last === '') return undefined;
        return this.emit([last]);
      }
      const end = Math.min(this.input.length, this.at + CHUNK);
      const text = typeof this.input === 'string'
        ? this.input.slice(this.at, end)
        : this.decoder!.decode(this.input.subarray(this.at, end), { stream: true });
      const first = this.at === 0;
      this.at = end;
      let all = this.carry + text;
      if (first && all.charCodeAt(0) === 0xfeff) all = all.slice(1);
      const parts = all.split('\n');
      this.carry = parts.pop() ?? '';
      if (this.carry.length > MAX_LINE_CHARS) {
        this.tooLong = this.nextLine + parts.length;
        return parts.length ? this.emit(parts) : undefined;
      }
      if (parts.length) return this.emit(parts);
    }
  }

  private emit(parts: string[]): string[] {
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i];
      if (p.endsWith('\r')) parts[i] = p.slice(0, -1);
    }
    return parts;
  }
}
