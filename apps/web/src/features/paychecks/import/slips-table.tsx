import { Box, InputAdornment, MenuItem, TableCell, TableRow, TextField } from '@mui/material';
import type { ImportPerson } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { monthNames } from '../format';
import { pageRange, type Slip, type SlipFields } from './review-state';
import { personName, ReviewTable, usePaged } from './review-table';

/** The slips the choices make (consecutive pages of one employee), with the fields of each: period and net pay. */
export function SlipsTable({
  slips,
  people,
  fields,
  errors,
  onChange,
  currencyOf = () => 'EUR',
}: {
  slips: readonly Slip[];
  people: readonly ImportPerson[];
  fields: (firstPage: number) => SlipFields;
  /** The currency of a slip's net, as its first page writes it. */
  currencyOf?: (firstPage: number) => string;
  errors: Record<number, Partial<Record<keyof SlipFields, string>>>;
  onChange(firstPage: number, patch: Partial<SlipFields>): void;
}) {
  const { t, i18n } = useTranslation();
  const months = monthNames(catalogFor(i18n.language));
  const byId = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  const paged = usePaged(slips);
  return (
    <ReviewTable
      label={t('paychecks.review.slipsTitle')}
      testId="review-slips"
      head={
        <>
          <TableCell>{t('paychecks.review.employee')}</TableCell>
          <TableCell sx={{ width: 80 }}>{t('paychecks.review.pages')}</TableCell>
          <TableCell sx={{ width: 150 }}>{t('paychecks.form.month')}</TableCell>
          <TableCell sx={{ width: 120 }}>{t('paychecks.form.year')}</TableCell>
          <TableCell sx={{ width: 150 }}>{t('paychecks.form.netAmount')}</TableCell>
          <TableCell sx={{ width: 200 }}>{t('paychecks.form.description')}</TableCell>
        </>
      }
      pagination={paged.pagination}
    >
      {paged.rows.map((s) => {
        const first = s.pages[0]!;
        const f = fields(first);
        const e = errors[first] ?? {};
        const person = byId.get(s.userInfoId);
        return (
          <TableRow key={`${first}-${s.userInfoId}`} data-testid={`review-slip-${first}`}>
            <TableCell>{person ? personName(person) : '—'}</TableCell>
            <TableCell>
              <Box component="span" dir="ltr">
                {pageRange(s.pages)}
              </Box>
            </TableCell>
            <TableCell>
              <TextField
                select
                size="small"
                fullWidth
                value={f.month}
                error={!!e.month}
                helperText={e.month}
                onChange={(ev) => onChange(first, { month: Number(ev.target.value) })}
                slotProps={{ htmlInput: { 'aria-label': t('paychecks.form.month') } }}
              >
                {months.map((m, i) => (
                  <MenuItem key={m} value={i + 1} sx={{ textTransform: 'capitalize' }}>
                    {m}
                  </MenuItem>
                ))}
              </TextField>
            </TableCell>
            <TableCell>
              <TextField
                size="small"
                type="number"
                value={f.year}
                sx={{ minWidth: 96 }}
                error={!!e.year}
                helperText={e.year}
                onChange={(ev) => onChange(first, { year: Number(ev.target.value) })}
                slotProps={{ htmlInput: { 'aria-label': t('paychecks.form.year'), min: 2000, max: 2100 } }}
              />
            </TableCell>
            <TableCell>
              <TextField
                size="small"
                value={f.netAmount}
                error={!!e.netAmount}
                helperText={e.netAmount}
                placeholder="1234,56"
                sx={{ minWidth: 150 }}
                onChange={(ev) => onChange(first, { netAmount: ev.target.value })}
                slotProps={{
                  htmlInput: {
                    'aria-label': `${t('paychecks.form.netAmount')} (${currencyOf(first)})`,
                    inputMode: 'decimal',
                    dir: 'ltr',
                    'data-testid': `review-net-${first}`,
                  },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end" data-testid={`review-currency-${first}`}>
                        {currencyOf(first)}
                      </InputAdornment>
                    ),
                  },
                }}
              />
            </TableCell>
            <TableCell>
              <TextField
                size="small"
                value={f.description}
                onChange={(ev) => onChange(first, { description: ev.target.value })}
                slotProps={{ htmlInput: { 'aria-label': t('paychecks.form.description'), maxLength: 200 } }}
              />
            </TableCell>
          </TableRow>
        );
      })}
    </ReviewTable>
  );
}
