import { Box, type SxProps, type Theme } from '@mui/material';
import { balanceColor } from './status';
import { formatMinutes } from './format';

interface Props {
  minutes: number;
  /** "+0:30" for surpluses (balances). */
  signed?: boolean;
  /** Green/red by sign (balances). */
  colored?: boolean;
  sx?: SxProps<Theme>;
  testId?: string;
}

/**
 * A figure in h:mm. Isolated left to right, so "−1:30" keeps its sign in front in Arabic too, with tabular digits so
 * columns of figures line up.
 */
export function Duration({ minutes, signed, colored, sx, testId }: Props) {
  return (
    <Box
      component="bdi"
      dir="ltr"
      data-testid={testId}
      sx={[
        {
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          color: colored ? balanceColor(minutes) : undefined,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {formatMinutes(minutes, { signed })}
    </Box>
  );
}
