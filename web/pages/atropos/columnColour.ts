/* The table's columns, one colour each (the grid, the quadrangle figure and the stage's platters share them). */
export const COLUMN_COLOURS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
export const columnColour = (c: number): string => COLUMN_COLOURS[c % COLUMN_COLOURS.length];
