/* The chart kit: one frame draws every chart's axes; marks and a legend go in and beside it. */
export { ChartFrame, type ChartFrameProps, type DataAttrs, type Margin, type RightAxis } from './Frame';
export { Legend, type LegendItem } from './Legend';
export { Bars, Dots, HeatCells, LinePath, Rule, pathOf, type Bar, type Dot, type Px } from './marks';
export { bandTicks, linearTicks, logTicks, plainNumber, spacedTicks, tickLabelWidth, type Tick } from './ticks';
export { plotRanges } from './plot';
export { CdfLine, type CdfLineProps } from './CdfLine';
export { SeriesChart, seriesScales, type Axis, type Scales, type Series, type SeriesChartProps, type SeriesPoint } from './SeriesChart';
