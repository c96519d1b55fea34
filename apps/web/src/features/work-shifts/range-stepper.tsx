import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Button, IconButton, Tooltip, Typography } from '@mui/material';

/** The arrows follow the reading direction: mirrored in Arabic. */
const flip = { transform: (theme: { direction: string }) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) };

interface Props {
  /** "16 – 22 nov 2026": read out when it changes. */
  label: string;
  labelWidth: number;
  previous: string;
  next: string;
  /** One period back (-1) or forward (1). */
  onStep(step: -1 | 1): void;
  /** The way back to the period of today ("Questa settimana"), when another one is shown. */
  current: { label: string; onClick(): void } | null;
}

/** ‹ period › and the way back to today's, for the planning and "I miei turni". */
export function RangeStepper({ label, labelWidth, previous, next, onStep, current }: Props) {
  return (
    <>
      <Tooltip title={previous}>
        <IconButton onClick={() => onStep(-1)} aria-label={previous} data-testid="range-prev">
          <ChevronLeft sx={flip} />
        </IconButton>
      </Tooltip>
      <Typography
        variant="h6"
        component="h2"
        sx={{ minWidth: labelWidth, textAlign: 'center', textTransform: 'capitalize' }}
        aria-live="polite"
        data-testid="range-label"
      >
        {label}
      </Typography>
      <Tooltip title={next}>
        <IconButton onClick={() => onStep(1)} aria-label={next} data-testid="range-next">
          <ChevronRight sx={flip} />
        </IconButton>
      </Tooltip>
      {current && (
        <Button size="small" onClick={current.onClick} data-testid="range-today">
          {current.label}
        </Button>
      )}
    </>
  );
}
