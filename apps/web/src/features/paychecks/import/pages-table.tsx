import Visibility from '@mui/icons-material/VisibilityOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import {
  Autocomplete,
  Box,
  Chip,
  IconButton,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { ImportPage, ImportPerson } from '@timbro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codeOnPage, type PageChoice } from './review-state';
import { personName, ReviewTable, usePaged } from './review-table';

const CLASS_COLOR = {
  assigned: 'success',
  continuation: 'success',
  ambiguous: 'warning',
  summary: 'default',
  no_text: 'error',
  unassigned: 'warning',
} as const;

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
    <ReviewTable
      label={t('paychecks.review.pagesTitle')}
      testId="review-pages"
      head={
        <>
          <TableCell sx={{ width: 64 }}>{t('paychecks.review.page')}</TableCell>
          <TableCell sx={{ width: 260 }}>{t('paychecks.review.found')}</TableCell>
          <TableCell>{t('paychecks.review.employee')}</TableCell>
          <TableCell sx={{ width: 56 }} />
        </>
      }
      pagination={paged.pagination}
    >
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
                  <PageEmployeePicker
                    page={p.page}
                    people={byId}
                    options={options}
                    value={choice?.userInfoId ?? null}
                    error={errors[p.page]}
                    onChoose={onChoose}
                  />
                  {warn && (
                    <Tooltip title={t('paychecks.review.manualWarning')}>
                      <WarningAmber color="warning" fontSize="small" aria-label={t('paychecks.review.manualWarning')} />
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
    </ReviewTable>
  );
}

/** A page's employee: anyone of the import's people (with their codice fiscale), or "Escludi". */
function PageEmployeePicker({
  page,
  people,
  options,
  value,
  error,
  onChoose,
}: {
  page: number;
  people: ReadonlyMap<string, ImportPerson>;
  options: readonly (string | null)[];
  value: string | null;
  error: string | undefined;
  onChoose(page: number, userInfoId: string | null): void;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      size="small"
      sx={{ flex: 1, minWidth: 200 }}
      options={options}
      value={value}
      getOptionLabel={(id) => (id ? personName(people.get(id)!) : t('paychecks.review.exclude'))}
      renderOption={(props, id) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const person = id ? people.get(id) : undefined;
        return (
          <li key={key} {...rest}>
            <Box>
              <Typography variant="body2">{person ? personName(person) : t('paychecks.review.exclude')}</Typography>
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
      onChange={(_e, id) => onChoose(page, id)}
      disableClearable={false}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('paychecks.review.employeeOf', { page })}
          error={!!error}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `review-choice-${page}` },
          }}
        />
      )}
    />
  );
}
