/*
 * Reading a chart kit's markup back in a test: where each tick label is
 * drawn and what it reads, as the frame writes them. Attributes are read by
 * name, not by their order in the markup, which is the renderer's choice.
 */
export interface DrawnTick { x: number; y: number; label: string }

/** The attributes written in one start tag's text, by name. */
const attributesOf = (tag: string): Map<string, string> =>
  new Map([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

/** Each tick label drawn in a chart's frame, with where it is drawn. */
export const tickTexts = (markup: string): DrawnTick[] => [...markup.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)]
  .map((m) => ({ attributes: attributesOf(m[1]), label: m[2] }))
  .filter(({ attributes }) => attributes.get('class') === 'chart-tick')
  .map(({ attributes, label }) => ({ x: Number(attributes.get('x')), y: Number(attributes.get('y')), label }));
