import { Box, Tooltip, Typography, useTheme } from '@mui/material';

export interface HoursRow {
  /** The group's id ("none" for the people without one): names need not be unique. */
  key: string;
  name: string;
  expected: number;
  worked: number;
  justified: number;
}

type Series = 'expected' | 'worked' | 'justified';
const SERIES: Series[] = ['expected', 'worked', 'justified'];
/** The justified hours' colour (an amber that reads on white and on the dark theme's paper). */
const JUSTIFIED = '#B26A00';
const BAR = 10;

/**
 * Round ticks for an axis from 0 to at least `max`: about four steps of 1, 2, 2.5 or 5 times a power of ten.
 * The last tick is the axis' end.
 */
export function hourTicks(max: number): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step - 1e-9; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks;
}

/**
 * The bars of "Ore del mese per gruppo": one band per group, three bars each — expected, worked, justified — in
 * hours, on a shared axis. Drawn with the page's own boxes (no chart library: the dashboard's code stays small), so
 * that in Arabic the bars grow from the right like the rest of the page. The "Tabella" view is its accessible twin;
 * the chart itself is one image whose label reads every figure.
 */
export function HoursChart({
  rows,
  labels,
  format,
}: {
  rows: HoursRow[];
  labels: Record<Series, string>;
  format: (hours: number) => string;
}) {
  const theme = useTheme();
  const colours: Record<Series, string> = {
    expected: theme.palette.grey[500],
    worked: theme.palette.primary.main,
    justified: JUSTIFIED,
  };
  const ticks = hourTicks(Math.max(0, ...rows.flatMap((r) => SERIES.map((s) => r[s]))));
  const end = ticks[ticks.length - 1]!;
  const at = (v: number) => `${Math.min(100, (Math.max(0, v) / end) * 100)}%`;
  const summary = rows
    .map((r) => `${r.name}: ${SERIES.map((s) => `${labels[s]} ${format(r[s])}`).join(', ')}`)
    .join('; ');
  // Room at the end for half of the last tick's label, which is centred on the axis' end.
  const grid = {
    display: 'grid',
    gridTemplateColumns: 'minmax(72px, 120px) minmax(0, 1fr)',
    columnGap: 1.5,
    paddingInlineEnd: 3,
  };

  return (
    <Box role="img" aria-label={summary} data-testid="hours-bars">
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 1.5 }}>
        {SERIES.map((s) => (
          <Box component="li" key={s} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colours[s] }} />
            <Typography variant="body2">{labels[s]}</Typography>
          </Box>
        ))}
      </Box>
      <Box sx={grid}>
        {rows.map((r) => (
          <Box key={r.key} sx={{ display: 'contents' }}>
            <Typography
              variant="body2"
              noWrap
              title={r.name}
              sx={{ alignSelf: 'center', textAlign: 'end', color: 'text.secondary' }}
            >
              {r.name}
            </Typography>
            <Box sx={{ position: 'relative', py: 1, borderInlineStart: 1, borderColor: 'divider' }}>
              {ticks.slice(1).map((v) => (
                <Box
                  key={v}
                  sx={{
                    position: 'absolute',
                    top: 0,
                    bottom: 0,
                    insetInlineStart: at(v),
                    borderInlineStart: 1,
                    borderColor: 'divider',
                    borderStyle: 'dashed',
                  }}
                />
              ))}
              {/* describeChild: a bar is a plain box, which may not carry the label a tooltip gives by default. */}
              {SERIES.map((s) => (
                <Tooltip key={s} title={`${r.name} · ${labels[s]}: ${format(r[s])}`} placement="top" describeChild>
                  <Box
                    data-series={s}
                    sx={{
                      position: 'relative',
                      width: at(r[s]),
                      minWidth: r[s] > 0 ? 2 : 0,
                      height: BAR,
                      my: '2px',
                      bgcolor: colours[s],
                      borderStartEndRadius: 3,
                      borderEndEndRadius: 3,
                    }}
                  />
                </Tooltip>
              ))}
            </Box>
          </Box>
        ))}
        <Box />
        <Box sx={{ position: 'relative', height: 24, borderTop: 1, borderColor: 'divider' }}>
          {ticks.map((v) => (
            <Box
              key={v}
              sx={{
                position: 'absolute',
                top: 4,
                insetInlineStart: at(v),
                width: 0,
                display: 'flex',
                justifyContent: 'center',
              }}
            >
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {format(v)}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
