import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptOf, maxLabel, refusalOf, typesLabel } from '../../components/upload/upload-rules';

/** How big each logo is shown: the wide one as in a letterhead, the square one as in the header. */
export const LOGO_BOX = {
  logo: { width: 240, height: 80 },
  squareLogo: { width: 80, height: 80 },
} as const;

interface Props {
  shape: keyof typeof LOGO_BOX;
  label: string;
  hint: string;
  /** The image to show: the stored logo, or the one just chosen (a `data:` URL); null: none. */
  preview: string | null;
  /** Whether there is a logo at all (stored or chosen), even while its image loads. */
  present: boolean;
  /** The chosen file waits for the save. */
  pending?: boolean;
  error?: string;
  disabled?: boolean;
  /** A file the browser's checks let through (type, size, empty): the caller shows it and uploads it on save. */
  onPick?(file: File): void;
  /** A refusal of the browser's checks, with the same texts as the server's. */
  onRefused?(message: string): void;
  onRemove?(): void;
  testId: string;
}

/**
 * One company logo: its preview, and (for those who may edit) choose or replace, and remove. The chosen file is
 * checked here as the server will (type, size, empty) and uploaded when the form is saved.
 */
export function LogoField({
  shape,
  label,
  hint,
  preview,
  present,
  pending,
  error,
  disabled,
  onPick,
  onRefused,
  onRemove,
  testId,
}: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const box = LOGO_BOX[shape];
  const editable = !!onPick;
  const types = typesLabel('logo');
  const max = maxLabel('logo');

  const take = (file: File | undefined) => {
    if (!file || !onPick) return;
    const refusal = refusalOf(file, 'logo');
    if (refusal)
      onRefused?.(
        refusal === 'wrongType'
          ? t('upload.wrongType', { types })
          : refusal === 'tooLarge'
            ? t('upload.tooLarge', { max })
            : t('upload.empty'),
      );
    else onPick(file);
  };

  return (
    <Box data-testid={testId}>
      <Typography
        component={editable ? 'label' : 'p'}
        htmlFor={editable ? id : undefined}
        variant="body2"
        sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}
      >
        {label}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box
          sx={{
            width: box.width,
            height: box.height,
            maxWidth: '100%',
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            border: 1,
            borderStyle: present ? 'solid' : 'dashed',
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            bgcolor: 'grey.50',
            overflow: 'hidden',
          }}
        >
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('workspaceSettings.logo.alt', { label })}
              data-testid={`${testId}-preview`}
              sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <ImageOutlined fontSize="small" />
              {!present && <Typography variant="caption">{t('workspaceSettings.logo.none')}</Typography>}
            </Stack>
          )}
        </Box>
        {editable && (
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                variant="outlined"
                startIcon={<UploadOutlined />}
                onClick={() => input.current?.click()}
                disabled={disabled}
                data-testid={`${testId}-choose`}
              >
                {present ? t('workspaceSettings.logo.replace') : t('workspaceSettings.logo.choose')}
              </Button>
              {present && (
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  onClick={onRemove}
                  disabled={disabled}
                  data-testid={`${testId}-remove`}
                >
                  {t('workspaceSettings.logo.remove')}
                </Button>
              )}
            </Stack>
            {pending && (
              <Typography variant="caption" color="text.secondary" data-testid={`${testId}-pending`}>
                {t('workspaceSettings.logo.pending')}
              </Typography>
            )}
          </Stack>
        )}
      </Stack>
      {editable && (
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          accept={acceptOf('logo')}
          data-testid={`${testId}-input`}
          aria-invalid={!!error}
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      )}
      <FormHelperText error={!!error} data-testid={`${testId}-help`}>
        {error ?? (editable ? `${hint} ${t('upload.limits', { types, max })}` : hint)}
      </FormHelperText>
    </Box>
  );
}
