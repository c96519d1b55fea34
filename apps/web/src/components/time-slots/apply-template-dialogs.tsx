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
import { useId, useState } from 'react';
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
  const titleId = useId();
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
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="apply-week-dialog"
    >
      <DialogTitle id={titleId}>{t('templates.apply.week.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('templates.apply.copyHint')}</DialogContentText>
        {templates.data?.length === 0 ? (
          <Alert severity="info">
            {t('templates.apply.week.none')}{' '}
            <Link component={RouterLink} to={paths.adminTemplateWeek}>
              {t('templates.apply.manage')}
            </Link>
          </Alert>
        ) : (
          <TextField
            select
            label={t('templates.apply.week.template')}
            value={id}
            onChange={(e) => setId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'apply-week-template' } }}
          >
            {(templates.data ?? []).map((w) => (
              <MenuItem key={w.id} value={w.id}>
                {t('templates.apply.optionWithHours', { name: w.name, hours: formatMinutes(w.weeklyMinutes) })}
              </MenuItem>
            ))}
          </TextField>
        )}
        {replacing && chosen && (
          <Alert severity="warning" sx={{ mt: 2 }} data-testid="apply-replace-warning">
            {t('templates.apply.week.replaceWarning', { n: rows.length })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={replacing ? 'error' : 'primary'}
          disabled={!chosen}
          onClick={apply}
          data-testid="apply-week-confirm"
        >
          {replacing ? t('templates.apply.confirmReplace') : t('templates.apply.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const WORKDAYS = [1, 2, 3, 4, 5];

/** "Applica modello giornaliero": a daily template's slots on the chosen weekdays (those days' slots are replaced). */
export function ApplyDayTemplateDialog({ open, rows, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
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
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="apply-day-dialog"
    >
      <DialogTitle id={titleId}>{t('templates.apply.day.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('templates.apply.copyHint')}</DialogContentText>
        {templates.data?.length === 0 ? (
          <Alert severity="info">
            {t('templates.apply.day.none')}{' '}
            <Link component={RouterLink} to={paths.adminTemplateDay}>
              {t('templates.apply.manage')}
            </Link>
          </Alert>
        ) : (
          <TextField
            select
            label={t('templates.apply.day.template')}
            value={id}
            onChange={(e) => setId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'apply-day-template' } }}
          >
            {(templates.data ?? []).map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {t('templates.apply.optionWithHours', { name: d.name, hours: formatMinutes(d.minutes) })}
              </MenuItem>
            ))}
          </TextField>
        )}
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          color={replaced.length > 0 ? 'error' : 'primary'}
          disabled={!chosen}
          onClick={apply}
          data-testid="apply-day-confirm"
        >
          {replaced.length > 0 ? t('templates.apply.confirmReplace') : t('templates.apply.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
