import CheckOutlined from '@mui/icons-material/CheckOutlined';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import { Alert, Button, Stack } from '@mui/material';
import type { SwapAction } from '../api/swap-actions';

/** Who must act now, and the two buttons. */
export function SwapActionBar({
  text,
  positive,
  negative,
  onAction,
  testId,
}: {
  text: string;
  positive: { action: SwapAction; label: string };
  negative: { action: SwapAction; label: string };
  onAction(action: SwapAction): void;
  testId: string;
}) {
  return (
    <Alert
      severity="warning"
      sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
      data-testid={testId}
      action={
        <Stack direction="row" spacing={1}>
          <Button
            color="error"
            variant="outlined"
            size="small"
            startIcon={<CloseOutlined />}
            onClick={() => onAction(negative.action)}
            sx={{ whiteSpace: 'nowrap', bgcolor: 'background.paper' }}
            data-testid={`${testId}-${negative.action}`}
          >
            {negative.label}
          </Button>
          <Button
            variant="contained"
            size="small"
            startIcon={<CheckOutlined />}
            onClick={() => onAction(positive.action)}
            sx={{ whiteSpace: 'nowrap' }}
            data-testid={`${testId}-${positive.action}`}
          >
            {positive.label}
          </Button>
        </Stack>
      }
    >
      {text}
    </Alert>
  );
}
