import type { BarSeriesOption } from 'echarts/charts';
import { BarChart } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// per-chart imports: only bars, grid, tooltip, legend and the canvas renderer reach the bundle
use([BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export type BarOption = ComposeOption<BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;

/** One echarts chart sized to its box, redrawn when the option changes and on resize. */
export function EChart({ option, height = 240, label, testId }: { option: BarOption; height?: number; label: string; testId?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = init(box.current);
    chart.setOption(option);
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={box} role="img" aria-label={label} data-testid={testId} style={{ width: '100%', height }} />;
}
