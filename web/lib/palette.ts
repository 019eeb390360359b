/*
 * palette.ts — Spindle's one set of colours: the Okabe–Ito palette, which
 * stays distinguishable with the common colour-vision deficiencies, and the
 * meaning each page gives them. page.css declares the same values as CSS
 * variables (--c-…) for stylesheets; SVG and canvas code takes them from
 * here. tests check that the two agree.
 */

/** Okabe & Ito, "Color Universal Design" (2008): the eight colours. */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  sky: '#56B4E9',
  green: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  purple: '#CC79A7',
} as const;

/** What each colour means wherever it appears (the parts of a request as the explorer's panels colour them). */
export const ROLE = {
  aligned: OKABE_ITO.green,
  unaligned: OKABE_ITO.vermillion,
  seek: OKABE_ITO.blue,
  rotate: OKABE_ITO.vermillion,
  transfer: OKABE_ITO.green,
  accent: OKABE_ITO.blue,
  warn: OKABE_ITO.orange,
  ink: '#1a1a1a',
  muted: '#555555',
  rule: '#dddddd',
  paper: '#ffffff',
} as const;
