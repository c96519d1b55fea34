import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../section-card';
import { fileSize, isSpreadsheetFile, SPREADSHEET_ACCEPT, SPREADSHEET_MAX_BYTES } from './spreadsheet-file';

interface Props {
  /**
   * Where the texts live: `<keyPrefix>.title`, `.description`, `.drop`, `.formats`, `.choose`, `.change`, `.check`,
   * `.checking`, `.wrongType`, `.tooLarge`, `.empty` (e.g. `userImport.file`).
   */
  keyPrefix: string;
  /** Prefix of the test ids: `<testId>-dropzone`, `-file-name`, `-file-input`, `-check`. */
  testId: string;
  file: File | null;
  busy: boolean;
  onFile(file: File): void;
  onRejected(message: string): void;
  onNext(): void;
}

/**
 * The first step of an import: a CSV/XLSX file dropped or chosen (type, size and emptiness checked here, every row on
 * the server), then "check the file". Shared by the people and the punch imports.
 */
export function FileDropCard({ keyPrefix, testId, file, busy, onFile, onRejected, onNext }: Props) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const k = (key: string) => `${keyPrefix}.${key}`;
  const max = '10 MB';

  const accept = (f: File | undefined) => {
    if (!f) return;
    if (!isSpreadsheetFile(f)) return onRejected(t(k('wrongType')));
    if (f.size > SPREADSHEET_MAX_BYTES) return onRejected(t(k('tooLarge'), { max }));
    if (f.size === 0) return onRejected(t(k('empty')));
    onFile(f);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    accept(e.dataTransfer.files[0]);
  };

  return (
    <SectionCard title={t(k('title'))} description={t(k('description'))}>
      <Box
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'background.default',
          borderRadius: 2,
          p: { xs: 3, md: 4 },
          textAlign: 'center',
          transition: 'border-color 120ms, background-color 120ms',
        }}
        data-testid={`${testId}-dropzone`}
      >
        {file ? (
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <InsertDriveFileOutlined color="primary" sx={{ fontSize: 40 }} />
            <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid={`${testId}-file-name`}>
              {file.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {fileSize(file.size, i18n.language)}
            </Typography>
          </Stack>
        ) : (
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <CloudUploadOutlined color="action" sx={{ fontSize: 40 }} />
            <Typography>{t(k('drop'))}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t(k('formats'), { max })}
            </Typography>
          </Stack>
        )}
        <input
          ref={inputRef}
          type="file"
          accept={SPREADSHEET_ACCEPT}
          hidden
          aria-label={t(k('choose'))}
          onChange={(e) => {
            accept(e.target.files?.[0]);
            e.target.value = '';
          }}
          data-testid={`${testId}-file-input`}
        />
        <Button variant="outlined" sx={{ mt: 2 }} onClick={() => inputRef.current?.click()} disabled={busy}>
          {file ? t(k('change')) : t(k('choose'))}
        </Button>
      </Box>
      {busy && (
        <Box sx={{ mt: 2 }} role="status">
          <LinearProgress aria-label={t(k('checking'))} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t(k('checking'))}
          </Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={onNext} disabled={!file || busy} data-testid={`${testId}-check`}>
          {t(k('check'))}
        </Button>
      </Box>
    </SectionCard>
  );
}
