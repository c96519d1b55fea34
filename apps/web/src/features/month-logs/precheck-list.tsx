import ChevronRight from '@mui/icons-material/ChevronRight';
import { Box, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import type { Precheck, PrecheckItem, PrecheckKind } from '@timbro/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { catalogFor } from '../../i18n/languages';
import { useCanCheck } from '../../lib/auth/use-can';
import { PRECHECK_KINDS } from './constants';
import { formatDay } from './format';
import { fixLinkOf, isCodeKind } from './precheck-links';

/** Rows of a kind shown before "Mostra tutti". */
const FIRST_ROWS = 5;
/** Days of a row named before "+N". */
const FIRST_DAYS = 6;

/** The pre-close check's problems grouped by kind, in the contract's order, each with what it means and where to fix it. */
export function PrecheckList({ check }: { check: Precheck }) {
  const groups = PRECHECK_KINDS.map((kind) => ({ kind, items: check.items.filter((i) => i.kind === kind) })).filter(
    (g) => g.items.length > 0,
  );
  return (
    <Stack spacing={1.5} data-testid="precheck-list">
      {groups.map((g) => (
        <PrecheckGroup key={g.kind} kind={g.kind} items={g.items} check={check} />
      ))}
    </Stack>
  );
}

function PrecheckGroup({ kind, items, check }: { kind: PrecheckKind; items: PrecheckItem[]; check: Precheck }) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const can = useCanCheck();
  const [all, setAll] = useState(false);
  const count = items.reduce((n, i) => n + i.count, 0);
  const shown = all ? items : items.slice(0, FIRST_ROWS);
  const withSubject = items.some((i) => i.userInfo || i.justification);
  const groupLink = withSubject ? null : fixLinkOf(items[0]!, check);
  const codesForbidden = isCodeKind(kind) && !can('payroll:settings');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`precheck-${kind}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {t(`monthLogs.precheck.kinds.${kind}.title`)}
        </Typography>
        {/* The theme's filled warning chip (white on orange) is below AA contrast: the darker amber of the other chips. */}
        {kind !== 'month_not_over' && <Chip size="small" label={count} sx={{ bgcolor: '#8C4A00', color: '#FFFFFF' }} />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t(`monthLogs.precheck.kinds.${kind}.body`, {
          end: dayjs(check.endOfMonth).locale(language).format('D MMMM'),
        })}
        {codesForbidden && ` ${t('monthLogs.precheck.adminOnly')}`}
      </Typography>
      {groupLink && can(groupLink.permission) && (
        <Button
          component={RouterLink}
          to={groupLink.to}
          size="small"
          endIcon={<Forward />}
          sx={{ mt: 1 }}
          data-testid={`precheck-fix-${kind}`}
        >
          {t(`monthLogs.precheck.fix.${groupLink.label}`)}
        </Button>
      )}
      {withSubject && (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
          {shown.map((item, i) => {
            const link = fixLinkOf(item, check);
            return (
              <Box
                component="li"
                key={`${item.userInfo?.id ?? item.justification?.id ?? ''}-${i}`}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'baseline',
                  columnGap: 1,
                  py: 0.5,
                  borderTop: 1,
                  borderColor: 'divider',
                }}
                data-testid="precheck-item"
              >
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  <bdi>{subjectOf(item, t)}</bdi>
                </Typography>
                {item.dates.length > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                    {daysText(item, language, t)}
                  </Typography>
                )}
                {link && can(link.permission) && (
                  <Link
                    component={RouterLink}
                    to={link.to}
                    variant="body2"
                    underline="hover"
                    sx={{ marginInlineStart: 'auto' }}
                  >
                    {t(`monthLogs.precheck.fix.${link.label}`)}
                  </Link>
                )}
              </Box>
            );
          })}
        </Box>
      )}
      {items.length > FIRST_ROWS && (
        <Button size="small" onClick={() => setAll((v) => !v)} sx={{ mt: 0.5 }}>
          {all ? t('monthLogs.precheck.showLess') : t('monthLogs.precheck.showAll', { total: items.length })}
        </Button>
      )}
    </Paper>
  );
}

/** The arrow of a "go there" button, mirrored in Arabic. */
function Forward() {
  return <ChevronRight sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />;
}

type T = ReturnType<typeof useTranslation>['t'];

function subjectOf(item: PrecheckItem, t: T): string {
  if (item.userInfo) return item.userInfo.name;
  const j = item.justification;
  if (!j) return '';
  if (item.kind === 'item_code_missing') return t(`monthLogs.items.${j.id === 'overtime' ? 'overtime' : 'worked'}`);
  return `${j.code} — ${j.name}`;
}

function daysText(item: PrecheckItem, language: string, t: T): string {
  const days = item.dates.slice(0, FIRST_DAYS).map((d) => formatDay(d, language));
  const more = item.dates.length - days.length;
  const list = more > 0 ? t('monthLogs.precheck.daysMore', { days: days.join(', '), total: more }) : days.join(', ');
  // Requests may be several on a day: their number; the other kinds count days, the list says it.
  return item.kind === 'open_requests' ? t('monthLogs.precheck.requests', { total: item.count, days: list }) : list;
}
