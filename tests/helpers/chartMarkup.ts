/*
 * Reading a chart kit's markup back in a test: where each tick label is
 * drawn and what it reads, as the frame writes them.
 */
export interface DrawnTick { x: number; y: number; label: string }

/** Each tick label drawn in a chart's frame, with where it is drawn. */
export const tickTexts = (markup: string): DrawnTick[] => [...markup.matchAll(/<text class="chart-tick" x="([-\d.]+)" y="([-\d.]+)"[^>]*>([^<]*)<\/text>/g)]
  .map((m) => ({ x: Number(m[1]), y: Number(m[2]), label: m[3] }));
