import AttachFile from '@mui/icons-material/AttachFile';
import Close from '@mui/icons-material/Close';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import type { UploadKind } from '@timbro/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../import/spreadsheet-file';
import { DropZone } from './drop-zone';
import { acceptOf, maxLabel, refusalOf, typesLabel } from './upload-rules';

interface Props {
  kind: UploadKind;
  label: string;
  file: File | null;
  onChange(file: File | null): void;
  /** The file already stored (editing a record): shown until a new one is chosen. */
  current?: { name: string; size: number } | null;
  /** The server's refusal (the spec's three upload errors) or the form's "required". */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  testId: string;
}

/**
 * One upload control for every kind of file (pay slips, documents, logos, attachments): chosen or dropped, checked
 * here as the server will (type, size, empty: the same three messages), the limits said beside it, and the server's
 * refusal shown under it.
 */
export function FileField({ kind, label, file, onChange, current, error, required, disabled, testId }: Props) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const choose = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [local, setLocal] = useState<string | null>(null);
  const types = typesLabel(kind);
  const max = maxLabel(kind);
  const message = local ?? error;

  const take = (f: File | undefined) => {
    if (!f) return;
    const refusal = refusalOf(f, kind);
    if (refusal) {
      setLocal(
        refusal === 'wrongType'
          ? t('upload.wrongType', { types })
          : refusal === 'tooLarge'
            ? t('upload.tooLarge', { max })
            : t('upload.empty'),
      );
      return;
    }
    setLocal(null);
    onChange(f);
  };
  const onDrop = (files: FileList) => {
    if (!disabled) take(files[0]);
  };
  const shown = file ? { name: file.name, size: file.size } : (current ?? null);

  return (
    <Box>
      <Typography component="label" htmlFor={id} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 500 }}>
        {label}
        {required ? ' *' : ''}
      </Typography>
      <DropZone onDrop={onDrop} error={Boolean(message)} testId={testId}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {shown ? (
            <>
              <InsertDriveFileOutlined color="action" />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" noWrap data-testid={`${testId}-name`}>
                  {shown.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {fileSize(shown.size, i18n.language)}
                  {!file && current ? ` · ${t('upload.current')}` : ''}
                </Typography>
              </Box>
            </>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {t('upload.drop')}
            </Typography>
          )}
          <Button
            size="small"
            variant="outlined"
            startIcon={<AttachFile />}
            ref={choose}
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            {shown ? t('upload.change') : t('upload.choose')}
          </Button>
          {file && (
            <IconButton
              size="small"
              aria-label={t('upload.remove')}
              onClick={() => {
                // This button goes with the file: the focus to "Scegli un file", next to it.
                choose.current?.focus();
                setLocal(null);
                onChange(null);
              }}
              disabled={disabled}
            >
              <Close fontSize="small" />
            </IconButton>
          )}
        </Stack>
        <input
          ref={input}
          id={id}
          type="file"
          hidden
          accept={acceptOf(kind)}
          data-testid={`${testId}-input`}
          aria-invalid={!!message}
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </DropZone>
      <FormHelperText error={!!message} data-testid={`${testId}-help`}>
        {message ?? t('upload.limits', { types, max })}
      </FormHelperText>
    </Box>
  );
}
