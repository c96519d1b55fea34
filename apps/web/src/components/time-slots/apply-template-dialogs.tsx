import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Link,
  MenuItem,
  TextField,
} from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMinutes, slotToRow, sortRows, WEEKDAYS, type SlotRow } from './slot-rows';
import { paths } from '../../config/paths';
import { useTemplateDays } from '../../lib/queries/template-days';
import { useTemplateWeeks } from '../../lib/queries/template-weeks';

interface Props {
  open: boolean;
  /** The slots now in the form: replacing them is said before it happens. */
  rows: SlotRow[];
  onApply(rows: SlotRow[], templateName: string): void;
  onClose(): void;
}

/** "Applica modello settimanale": the template's slots replace the whole week (after saying so, when there are any). */
export function ApplyWeekTemplateDialog({ open, rows, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const templates = useTemplateWeeks('lookup');
  const [id, setId] = useState('');
  const chosen = templates.data?.find((w) => w.id === id);
  const replacing = rows.length > 0;
  const apply = () => {
    if (!chosen) return;
    onApply(sortRows(chosen.timeSlots.map((s) => slotToRow(s))), chosen.name);
    setId('');
  };
  return (
    <ApplyDialog
      open={open}
      onClose={onClose}
      title={t('templates.apply.week.title')}
      kind="week"
      replacing={replacing}
      canApply={!!chosen}
      onApply={apply}
    >
      <TemplatePicker
        kind="week"
        value={id}
        onChange={setId}
        options={templates.data?.map((w) => ({ id: w.id, name: w.name, minutes: w.weeklyMinutes }))}
      />
      {replacing && chosen && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="apply-replace-warning">
          {t('templates.apply.week.replaceWarning', { n: rows.length })}
        </Alert>
      )}
    </ApplyDialog>
  );
}

const WORKDAYS = [1, 2, 3, 4, 5];

/** "Applica modello giornaliero": a daily template's slots on the chosen weekdays (those days' slots are replaced). */
export function ApplyDayTemplateDialog({ open, rows, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const templates = useTemplateDays('lookup');
  const [id, setId] = useState('');
  const [days, setDays] = useState<number[]>(WORKDAYS);
  const [tried, setTried] = useState(false);
  const chosen = templates.data?.find((d) => d.id === id);
  const replaced = days.filter((d) => rows.some((r) => r.weekday === d));
  const apply = () => {
    setTried(true);
    if (!chosen || days.length === 0) return;
    const added = days.flatMap((weekday) => chosen.timeSlots.map((s) => slotToRow(s, weekday)));
    onApply(sortRows([...rows.filter((r) => !days.includes(r.weekday)), ...added]), chosen.name);
    setId('');
    setTried(false);
  };
  return (
    <ApplyDialog
      open={open}
      onClose={onClose}
      title={t('templates.apply.day.title')}
      kind="day"
      replacing={replaced.length > 0}
      canApply={!!chosen}
      onApply={apply}
    >
      <TemplatePicker
        kind="day"
        value={id}
        onChange={setId}
        options={templates.data?.map((d) => ({ id: d.id, name: d.name, minutes: d.minutes }))}
      />
      <FormControl component="fieldset" error={tried && days.length === 0} sx={{ mt: 2, display: 'block' }}>
        <FormLabel component="legend">{t('templates.apply.day.days')}</FormLabel>
        <FormGroup row>
          {WEEKDAYS.map((d) => (
            <FormControlLabel
              key={d}
              label={t(`timeSlots.weekdaysShort.${d}`)}
              control={
                <Checkbox
                  checked={days.includes(d)}
                  onChange={(e) =>
                    setDays(e.target.checked ? [...days, d].sort((a, b) => a - b) : days.filter((x) => x !== d))
                  }
                  slotProps={{ input: { 'aria-label': t(`timeSlots.weekdays.${d}`) } }}
                />
              }
            />
          ))}
        </FormGroup>
        {tried && days.length === 0 && <FormHelperText>{t('templates.apply.day.daysRequired')}</FormHelperText>}
      </FormControl>
      {chosen && replaced.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="apply-replace-warning">
          {t('templates.apply.day.replaceWarning', {
            days: replaced.map((d) => t(`timeSlots.weekdays.${d}`)).join(', '),
          })}
        </Alert>
      )}
    </ApplyDialog>
  );
}

/** The two dialogs' frame: the title, what applying does (a copy), then Annulla and Applica (red when it replaces). */
function ApplyDialog({
  open,
  onClose,
  title,
  kind,
  replacing,
  canApply,
  onApply,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  kind: 'week' | 'day';
  replacing: boolean;
  canApply: boolean;
  onApply(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={`apply-${kind}-dialog`}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('templates.apply.copyHint')}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={replacing ? 'error' : 'primary'}
          disabled={!canApply}
          onClick={onApply}
          data-testid={`apply-${kind}-confirm`}
        >
          {replacing ? t('templates.apply.confirmReplace') : t('templates.apply.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The template to apply, with its hours; none yet: where to make one. */
function TemplatePicker({
  kind,
  value,
  onChange,
  options,
}: {
  kind: 'week' | 'day';
  value: string;
  onChange(id: string): void;
  options: { id: string; name: string; minutes: number }[] | undefined;
}) {
  const { t } = useTranslation();
  if (options?.length === 0)
    return (
      <Alert severity="info">
        {t(`templates.apply.${kind}.none`)}{' '}
        <Link component={RouterLink} to={kind === 'week' ? paths.adminTemplateWeek : paths.adminTemplateDay}>
          {t('templates.apply.manage')}
        </Link>
      </Alert>
    );
  return (
    <TextField
      select
      label={t(`templates.apply.${kind}.template`)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ htmlInput: { 'data-testid': `apply-${kind}-template` } }}
    >
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {t('templates.apply.optionWithHours', { name: o.name, hours: formatMinutes(o.minutes) })}
        </MenuItem>
      ))}
    </TextField>
  );
}
