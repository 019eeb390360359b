/*
 * Ticks — where an axis's marks go and what they read, from a D3 scale:
 * each tick is its value, its position in pixels and its label. Pure, so a
 * test reads an axis without drawing it.
 */
import type { ScaleBand, ScaleLinear, ScaleLogarithmic } from 'd3';

export interface Tick { at: number; label: string }

/** A number as a tick reads it: at most four significant digits, no trailing zeros. */
export const plainNumber = (v: number): string => String(+v.toPrecision(4));

/** About `count` round values across a linear scale's domain (those `keep` accepts). */
export function linearTicks(scale: ScaleLinear<number, number>, count: number, format: (v: number) => string = plainNumber, keep: (v: number) => boolean = () => true): Tick[] {
  return scale.ticks(count).filter(keep).map((v) => ({ at: scale(v), label: format(v) }));
}

/** About how wide a label of the kit's 11 px tick type is: digits, points and spaces are near 6.5 px each. */
export const tickLabelWidth = (label: string): number => label.length * 6.5;

/**
 * Ticks thinned to every second, third… until no two labels (centred on their
 * ticks) come closer than `gap` px, and without those whose label would reach
 * left of `from` (an axis title drawn there). d3's tick count is a hint: at a
 * narrow width it can still give more ticks than long labels have room for.
 */
export function spacedTicks(ticks: Tick[], gap: number, from = -Infinity): Tick[] {
  const inside = ticks.filter((t) => t.at - tickLabelWidth(t.label) / 2 >= from);
  const apart = (a: Tick, b: Tick) => b.at - a.at >= (tickLabelWidth(a.label) + tickLabelWidth(b.label)) / 2 + gap;
  for (let every = 1; every < inside.length; every++) {
    const kept = inside.filter((_, i) => i % every === 0);
    if (kept.every((t, i) => i === 0 || apart(kept[i - 1], t))) return kept;
  }
  return inside.slice(0, 1);
}

/** The powers of ten in a log scale's domain (and any value `keep` accepts: a paper's own tick). */
export function logTicks(scale: ScaleLogarithmic<number, number>, format: (v: number) => string = plainNumber, keep: (v: number) => boolean = () => false): Tick[] {
  return scale.ticks(8).filter((v) => Number.isInteger(Math.log10(v)) || keep(v)).map((v) => ({ at: scale(v), label: format(v) }));
}

/** A band scale's categories, each under its band's middle; `every` keeps one in so many. */
export function bandTicks<K extends string | number>(scale: ScaleBand<K>, label: (k: K) => string, every = 1): Tick[] {
  return scale.domain().filter((_, i) => i % every === 0).map((k) => ({ at: (scale(k) ?? 0) + scale.bandwidth() / 2, label: label(k) }));
}
