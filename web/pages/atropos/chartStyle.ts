/* The look the Atropos figures share: one colour per line, in order, and the plot's margins. */
export const SERIES_COLOURS = ['#1b9e77', '#d95f02', '#7570b3', '#e7298a', '#66a61e', '#e6ab02'];
export const FIG_MARGIN = { top: 14, right: 16, bottom: 40, left: 50 } as const;
