import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';

interface Props {
  /** The failed call: its server message, or the generic one, is shown. */
  error: unknown;
  onRetry(e: MouseEvent<HTMLButtonElement>): void;
  sx?: SxProps<Theme>;
  testId?: string;
}

/** Something that could not be loaded, in place: the server's message (or a generic one) and "Riprova". */
export function RetryAlert({ error, onRetry, sx, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
      data-testid={testId}
    >
      {errorMessage(error, t('errors.generic'))}
    </Alert>
  );
}
