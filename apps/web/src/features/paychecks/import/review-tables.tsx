import Visibility from '@mui/icons-material/VisibilityOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import {
  InputAdornment,
  Autocomplete,
  Box,
  Chip,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ImportPage, ImportPerson } from '@timbro/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogFor } from '../../../i18n/languages';
import { monthNames } from '../format';
import { codeOnPage, pageRange, type PageChoice, type Slip, type SlipFields } from './review-state';

const CLASS_COLOR = {
  assigned: 'success',
  continuation: 'success',
  ambiguous: 'warning',
  summary: 'default',
  no_text: 'error',
  unassigned: 'warning',
} as const;

const personName = (p: ImportPerson) => `${p.lastName} ${p.firstName}`;

/** Client-side pages of a long table (25 rows), reset when the rows change length. */
function usePaged<T>(rows: readonly T[]) {
  const [page, setPage] = useState(0);
  const perPage = 25;
  const last = Math.max(0, Math.ceil(rows.length / perPage) - 1);
  const current = Math.min(page, last);
  return {
    rows: rows.slice(current * perPage, current * perPage + perPage),
    pagination: (
      <TablePagination
        component="div"
        count={rows.length}
        page={current}
        rowsPerPage={perPage}
        rowsPerPageOptions={[perPage]}
        onPageChange={(_e, n) => setPage(n)}
      />
    ),
  };
}

/** The pages with the employee chosen for each (changeable), what the analysis read, and a preview. */
export function PagesTable({
  pages,
  people,
  choices,
  errors,
  readOnly,
  how,
  onChoose,
  onPreview,
}: {
  pages: readonly ImportPage[];
  people: readonly ImportPerson[];
  choices: Record<number, PageChoice>;
  errors: Record<number, string>;
  readOnly: boolean;
  how?: Record<number, string>;
  onChoose(page: number, userInfoId: string | null): void;
  onPreview(page: number): void;
}) {
  const { t } = useTranslation();
  const byId = useMemo(() => new Map(people.map((p) => [p.id, p])), [people]);
  const byCode = useMemo(
    () => new Map(people.filter((p) => p.fiscalCode).map((p) => [p.fiscalCode!.toUpperCase(), p])),
    [people],
  );
  const options = useMemo(() => [null, ...people.map((p) => p.id)], [people]);
  const paged = usePaged(pages);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('paychecks.review.pagesTitle')} data-testid="review-pages">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 64 }}>{t('paychecks.review.page')}</TableCell>
              <TableCell sx={{ width: 260 }}>{t('paychecks.review.found')}</TableCell>
              <TableCell>{t('paychecks.review.employee')}</TableCell>
              <TableCell sx={{ width: 56 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {paged.rows.map((p) => {
              const choice = choices[p.page];
              const chosen = choice?.userInfoId ? byId.get(choice.userInfoId) : undefined;
              const warn = !!chosen && !codeOnPage(p, chosen) && p.class !== 'continuation';
              const read = p.fiscalCodes.map((cf) => (byCode.get(cf) ? personName(byCode.get(cf)!) : cf));
              return (
                <TableRow key={p.page} data-testid={`review-page-${p.page}`} hover>
                  <TableCell>{p.page}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      variant="outlined"
                      color={CLASS_COLOR[p.class]}
                      label={t(`paychecks.review.class.${p.class}`)}
                    />
                    {read.length > 0 && (
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }} noWrap>
                        {read.join(', ')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {readOnly ? (
                      <Box>
                        <Typography variant="body2">
                          {chosen ? personName(chosen) : t('paychecks.review.excluded')}
                        </Typography>
                        {how?.[p.page] && how[p.page] !== 'excluded' && (
                          <Typography variant="caption" color="text.secondary">
                            {t(`paychecks.review.how.${how[p.page]}`)}
                          </Typography>
                        )}
                      </Box>
                    ) : (
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <Autocomplete
                          size="small"
                          sx={{ flex: 1, minWidth: 200 }}
                          options={options}
                          value={choice?.userInfoId ?? null}
                          getOptionLabel={(id) => (id ? personName(byId.get(id)!) : t('paychecks.review.exclude'))}
                          renderOption={(props, id) => {
                            const { key, ...rest } = props as typeof props & { key: string };
                            const person = id ? byId.get(id) : undefined;
                            return (
                              <li key={key} {...rest}>
                                <Box>
                                  <Typography variant="body2">
                                    {person ? personName(person) : t('paychecks.review.exclude')}
                                  </Typography>
                                  {person?.fiscalCode && (
                                    <Typography variant="caption" color="text.secondary" dir="ltr">
                                      {person.fiscalCode}
                                    </Typography>
                                  )}
                                </Box>
                              </li>
                            );
                          }}
                          isOptionEqualToValue={(a, b) => a === b}
                          onChange={(_e, id) => onChoose(p.page, id)}
                          disableClearable={false}
                          renderInput={(params) => (
                            <TextField
                              {...params}
                              label={t('paychecks.review.employeeOf', { page: p.page })}
                              error={!!errors[p.page]}
                              helperText={errors[p.page]}
                              slotProps={{
                                ...params.slotProps,
                                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `review-choice-${p.page}` },
                              }}
                            />
                          )}
                        />
                        {warn && (
                          <Tooltip title={t('paychecks.review.manualWarning')}>
                            <WarningAmber
                              color="warning"
                              fontSize="small"
                              aria-label={t('paychecks.review.manualWarning')}
                            />
                          </Tooltip>
                        )}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    <Tooltip title={t('paychecks.review.preview')}>
                      <IconButton
                        size="small"
                        aria-label={t('paychecks.review.previewOf', { page: p.page })}
                        onClick={() => onPreview(p.page)}
                      >
                        <Visibility fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
            {pages.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>
                  <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
                    {t('paychecks.review.noAttention')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      {pages.length > 25 && paged.pagination}
    </>
  );
}

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
    <>
      <TableContainer>
        <Table size="small" aria-label={t('paychecks.review.slipsTitle')} data-testid="review-slips">
          <TableHead>
            <TableRow>
              <TableCell>{t('paychecks.review.employee')}</TableCell>
              <TableCell sx={{ width: 80 }}>{t('paychecks.review.pages')}</TableCell>
              <TableCell sx={{ width: 150 }}>{t('paychecks.form.month')}</TableCell>
              <TableCell sx={{ width: 120 }}>{t('paychecks.form.year')}</TableCell>
              <TableCell sx={{ width: 150 }}>{t('paychecks.form.netAmount')}</TableCell>
              <TableCell sx={{ width: 200 }}>{t('paychecks.form.description')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
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
          </TableBody>
        </Table>
      </TableContainer>
      {slips.length > 25 && paged.pagination}
    </>
  );
}
