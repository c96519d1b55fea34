import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, FormHelperText, IconButton, TextField, Tooltip } from '@mui/material';
import { isValidColor } from '@timbro/shared/domain/time-slots';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeClock, SLOT_DESCRIPTION_MAX, type SlotField, type SlotRow } from './slot-rows';

interface Props {
  row: SlotRow;
  /** "Lunedì, fascia 1": prefixes every field's accessible name. */
  label: string;
  error(field: SlotField): string | undefined;
  readOnly: boolean;
  onChange(patch: Partial<SlotRow>): void;
  onRemove(): void;
  register(field: SlotField | 'remove', el: HTMLElement | null): void;
}

const TIME_FIELDS = ['start', 'end', 'pauseStart', 'pauseEnd'] as const;
const FIELDS = [...TIME_FIELDS, 'description', 'color'] as const;

/** One slot: start, end, pause start, pause end (hh:mm, 24:00 allowed), description, colour, remove. */
export function SlotRowFields({ row, label, error, readOnly, onChange, onRemove, register }: Props) {
  const { t } = useTranslation();
  const swatch = isValidColor(row.color.trim()) ? expandHex(row.color.trim()) : '#1a415b';
  const id = useId();
  // The messages go under the whole row (the time fields are too narrow for them), each tied to its field.
  const messages = FIELDS.flatMap((field) => {
    const message = error(field);
    return message ? [{ field, message, id: `${id}-${field}` }] : [];
  });
  const described = (field: SlotField) => (error(field) ? { 'aria-describedby': `${id}-${field}` } : {});
  return (
    <Box
      role="group"
      aria-label={label}
      data-testid="slot-row"
      sx={{
        display: 'grid',
        gap: 1,
        alignItems: 'start',
        gridTemplateColumns: {
          xs: 'repeat(2, minmax(0, 1fr)) 40px',
          sm: 'repeat(4, minmax(0, 1fr)) 40px',
          xl: 'repeat(4, minmax(84px, 0.8fr)) minmax(140px, 2fr) minmax(130px, 1.1fr) 40px',
        },
      }}
    >
      {TIME_FIELDS.map((field, i) => (
        <TextField
          key={field}
          size="small"
          label={t(`timeSlots.fields.${field}`)}
          value={row[field]}
          placeholder={t('timeSlots.clockPlaceholder')}
          onChange={(e) => onChange({ [field]: e.target.value })}
          onBlur={(e) => {
            const normalized = normalizeClock(e.target.value);
            if (normalized !== row[field]) onChange({ [field]: normalized });
          }}
          error={!!error(field)}
          sx={{ gridColumn: { xs: (i % 2) + 1, sm: i + 1, xl: 'auto' } }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              ...described(field),
              ref: (el: HTMLInputElement | null) => register(field, el),
              'aria-label': `${label}: ${t(`timeSlots.fields.${field}`)}`,
              'aria-invalid': !!error(field),
              inputMode: 'numeric',
              maxLength: 5,
              dir: 'ltr',
              readOnly,
              'data-testid': `slot-${field}`,
            },
          }}
        />
      ))}
      {!readOnly && (
        <Tooltip title={t('timeSlots.actions.remove')}>
          <IconButton
            ref={(el) => register('remove', el)}
            onClick={onRemove}
            aria-label={t('timeSlots.actions.removeNamed', { name: label })}
            color="error"
            // Always at the end of the first line: beside the times on narrow screens, after the colour on wide ones.
            sx={{ mt: 0.25, gridRow: 1, gridColumn: { xs: 3, sm: 5, xl: 7 } }}
            data-testid="slot-remove"
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <TextField
        size="small"
        label={t('timeSlots.fields.description')}
        value={row.description}
        onChange={(e) => onChange({ description: e.target.value })}
        error={!!error('description')}
        sx={{ gridColumn: { xs: '1 / span 2', sm: '1 / span 2', xl: 'auto' } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: {
            ...described('description'),
            ref: (el: HTMLInputElement | null) => register('description', el),
            'aria-label': `${label}: ${t('timeSlots.fields.description')}`,
            maxLength: SLOT_DESCRIPTION_MAX,
            readOnly,
            'data-testid': 'slot-description',
          },
        }}
      />
      <TextField
        size="small"
        label={t('timeSlots.fields.color')}
        value={row.color}
        placeholder="#RRGGBB"
        onChange={(e) => onChange({ color: e.target.value.toUpperCase() })}
        error={!!error('color')}
        sx={{ gridColumn: { xs: '1 / span 2', sm: '3 / span 2', xl: 'auto' } }}
        slotProps={{
          inputLabel: { shrink: true },
          input: {
            startAdornment: (
              <Box
                component="input"
                type="color"
                value={swatch}
                disabled={readOnly}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => onChange({ color: e.target.value.toUpperCase() })}
                aria-label={`${label}: ${t('timeSlots.fields.colorPicker')}`}
                tabIndex={-1}
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  mr: 1,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  flexShrink: 0,
                }}
              />
            ),
          },
          htmlInput: {
            ...described('color'),
            ref: (el: HTMLInputElement | null) => register('color', el),
            'aria-label': `${label}: ${t('timeSlots.fields.color')}`,
            'aria-invalid': !!error('color'),
            maxLength: 7,
            dir: 'ltr',
            readOnly,
            'data-testid': 'slot-color',
          },
        }}
      />
      {messages.length > 0 && (
        <Box sx={{ gridColumn: '1 / -1', mt: -0.5 }} data-testid="slot-errors">
          {messages.map((m) => (
            <FormHelperText key={m.field} id={m.id} error sx={{ mx: 0 }}>
              {t(`timeSlots.fields.${m.field}`)}: {m.message}
            </FormHelperText>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** #ABC → #aabbcc (the colour input wants six digits). */
function expandHex(hex: string): string {
  const h = hex.slice(1);
  return `#${(h.length === 3 ? [...h].map((c) => c + c).join('') : h).toLowerCase()}`;
}
