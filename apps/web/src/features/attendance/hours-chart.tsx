import { useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';

export interface HoursRow {
  name: string;
  expected: number;
  worked: number;
  justified: number;
}

/**
 * The bars of "Ore del mese per gruppo" (loaded with the widget only: the chart library stays out of every other
 * page): one band per group, three bars each — expected, worked, justified — in hours.
 */
export default function HoursChart({
  rows,
  labels,
  format,
}: {
  rows: HoursRow[];
  labels: { expected: string; worked: string; justified: string };
  format: (hours: number) => string;
}) {
  const theme = useTheme();
  const valueFormatter = (v: number | null) => (v === null ? '' : format(v));
  return (
    <BarChart
      dataset={rows as unknown as Record<string, string | number>[]}
      layout="horizontal"
      height={Math.max(180, 64 + rows.length * 56)}
      yAxis={[{ scaleType: 'band', dataKey: 'name', width: 120 }]}
      xAxis={[{ valueFormatter: (v: number) => format(v) }]}
      series={[
        { dataKey: 'expected', label: labels.expected, color: theme.palette.grey[500], valueFormatter },
        { dataKey: 'worked', label: labels.worked, color: theme.palette.primary.main, valueFormatter },
        { dataKey: 'justified', label: labels.justified, color: '#B26A00', valueFormatter },
      ]}
      slotProps={{ legend: { position: { vertical: 'top', horizontal: 'start' } } }}
    />
  );
}
