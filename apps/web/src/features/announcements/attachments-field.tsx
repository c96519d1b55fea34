import AttachFile from '@mui/icons-material/AttachFile';
import { Box, Button, FormHelperText, LinearProgress, Stack, Typography } from '@mui/material';
import type { StoredFile } from '@timbro/shared';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileSize } from '../../components/import/spreadsheet-file';
import { DropZone } from '../../components/upload/drop-zone';
import { acceptOf, maxLabel, typesLabel } from '../../components/upload/upload-rules';
import { catalogFor } from '../../i18n/languages';
import { AttachmentRows, type AttachmentRow } from './attachment-rows';
import { addAttachments, type AttachmentRefusal } from './attachments';
import { ANNOUNCEMENT_LIMITS, ATTACHMENT_KIND, MAX_TOTAL_BYTES } from './limits';
import { attachmentsTotal, type AttachmentsValue } from './schemas';

interface Props {
  value: AttachmentsValue;
  onChange(value: AttachmentsValue): void;
  /** The form's or the server's refusal. */
  error?: string;
  disabled?: boolean;
  /** The form's ref (it focuses the field when it is refused). */
  inputRef?: (el: HTMLInputElement | null) => void;
  testId: string;
}

/**
 * The attachments: files chosen or dropped (several at once), each checked here as the server will (PDF, PNG or
 * JPEG, 20 MB each, not empty) and refused when it would pass ten files or 25 MB together; each with its size and a
 * way to take it off, the stored ones (editing) beside the new ones, and the running total against the limit.
 */
export function AttachmentsField({ value, onChange, error, disabled, inputRef, testId }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const input = useRef<HTMLInputElement | null>(null);
  const labelId = useId();
  const [refusals, setRefusals] = useState<string[]>([]);
  const types = typesLabel(ATTACHMENT_KIND);
  const total = attachmentsTotal(value);
  const count = value.keep.length + value.files.length;
  const maxTotal = `${ANNOUNCEMENT_LIMITS.maxTotalMb} MB`;

  const reasonText = (reason: AttachmentRefusal) =>
    reason === 'wrongType'
      ? t('upload.wrongType', { types })
      : reason === 'tooLarge'
        ? t('upload.tooLarge', { max: maxLabel(ATTACHMENT_KIND) })
        : reason === 'empty'
          ? t('upload.empty')
          : reason === 'tooMany'
            ? t('announcements.attachments.tooMany', { max: ANNOUNCEMENT_LIMITS.maxFiles })
            : t('announcements.attachments.totalTooLarge', { max: maxTotal });
  const add = (chosen: File[]) => {
    const result = addAttachments(value, chosen);
    setRefusals(
      result.refused.map((r) => t('announcements.attachments.refused', { name: r.name, reason: reasonText(r.reason) })),
    );
    if (result.value.files.length !== value.files.length) onChange(result.value);
  };
  const rows: AttachmentRow[] = [
    ...value.keep.map((f) => ({ key: `keep-${f.id}`, stored: true, file: f })),
    ...value.files.map((f, n) => ({ key: `new-${n}-${f.name}`, stored: false, file: f })),
  ];
  const remove = (file: StoredFile | File) => {
    setRefusals([]);
    onChange({
      keep: value.keep.filter((f) => f !== file),
      files: value.files.filter((f) => f !== file),
    });
  };
  const message = error ?? null;

  return (
    <Box>
      <DropZone
        onDrop={(files) => {
          if (!disabled) add(Array.from(files));
        }}
        error={!!message || refusals.length > 0}
        testId={testId}
      >
        {rows.length > 0 && (
          <AttachmentRows rows={rows} onRemove={remove} disabled={disabled} labelId={labelId} testId={testId} />
        )}
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography id={labelId} variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 180 }}>
            {rows.length === 0 ? t('announcements.attachments.drop') : t('announcements.attachments.dropMore')}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AttachFile />}
            onClick={() => input.current?.click()}
            disabled={disabled || count >= ANNOUNCEMENT_LIMITS.maxFiles}
          >
            {t('announcements.attachments.choose')}
          </Button>
        </Stack>
        <input
          ref={(el) => {
            input.current = el;
            inputRef?.(el);
          }}
          type="file"
          multiple
          hidden
          accept={acceptOf(ATTACHMENT_KIND)}
          aria-labelledby={labelId}
          aria-invalid={!!message}
          data-testid={`${testId}-input`}
          onChange={(e) => {
            add(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, (total / MAX_TOTAL_BYTES) * 100)}
            color={total > MAX_TOTAL_BYTES ? 'error' : 'primary'}
            aria-label={t('announcements.attachments.totalLabel')}
            sx={{ height: 6, borderRadius: 3 }}
          />
          <Typography variant="caption" color="text.secondary" component="div" data-testid={`${testId}-total`}>
            {t('announcements.attachments.total', {
              used: total === 0 ? '0 MB' : fileSize(total, language),
              max: maxTotal,
              count,
              maxFiles: ANNOUNCEMENT_LIMITS.maxFiles,
            })}
          </Typography>
        </Box>
      </DropZone>
      <FormHelperText error={!!message || refusals.length > 0} component="div" data-testid={`${testId}-help`}>
        {message ??
          (refusals.length > 0
            ? refusals.map((r, n) => (
                <Box component="span" key={n} sx={{ display: 'block' }}>
                  {r}
                </Box>
              ))
            : t('announcements.attachments.limits', {
                types,
                max: maxLabel(ATTACHMENT_KIND),
                maxFiles: ANNOUNCEMENT_LIMITS.maxFiles,
                maxTotal,
              }))}
      </FormHelperText>
    </Box>
  );
}
