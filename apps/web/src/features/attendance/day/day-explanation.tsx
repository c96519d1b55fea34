import ArrowRightAlt from '@mui/icons-material/ArrowRightAlt';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Alert, Box, Chip, Paper, Stack, Typography } from '@mui/material';
import type { AttendanceData, DaySheetDto, JustificationRequest, Punch } from '@timbro/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HolidayIcon } from '../../../components/holiday-icons';
import { catalogFor } from '../../../i18n/languages';
import { DayFigures } from './day-figures';
import { Duration } from '../duration';
import { StatusChip } from '../requests/request-chip';
import type { DayProgress } from './day-progress';
import { describeRequest } from '../requests/request-text';

export type AttendanceUser = AttendanceData['users'][number];

interface Props {
  day: DaySheetDto;
  /** The person's punches of the range (those of the day are picked by their local date). */
  punches: Punch[];
  /** The person's requests of the range, any status. */
  requests: JustificationRequest[];
  /** The actions of one request (edit, move, withdraw, approve…), per screen and permission. */
  requestActions?: (r: JustificationRequest) => ReactNode;
  /** The admin's punch corrections, under the pairs. */
  punchEditor?: ReactNode;
  /**
   * Where the day stands: a future day cannot be worked yet (its shortfall is no anomaly, its balance provisional);
   * today is in progress (an open entry is no missing exit yet).
   */
  progress?: DayProgress;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Box component="section" data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * Everything behind a day's figures: the expected time and where it comes from, each pair of punches with its minutes,
 * each approved request with what it credited, the cover of missing time, and the balance as its formula. Then the
 * day's requests in any status (pending ones change no figure until approved).
 */
export function DayExplanation({ day, punches, requests, requestActions, punchEditor, progress = 'past' }: Props) {
  const { t, i18n } = useTranslation();
  const language = catalogFor(i18n.language);
  const dayPunches = punches.filter((p) => p.localDate === day.date);
  const timeOf = (id: string | null) => (id ? (punches.find((p) => p.id === id)?.localTime ?? '—') : '—');
  const dayRequests = requests.filter((r) => r.date === day.date);
  const byId = new Map(requests.map((r) => [r.id, r]));
  const rest = day.expected === 0 && !day.holiday;
  const anomalies = day.anomalies;

  return (
    <Stack spacing={2.5} data-testid="day-explanation">
      {(day.holiday || rest) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {day.holiday && (
            <Chip
              icon={<HolidayIcon name={day.holiday.icon} />}
              label={day.holiday.name}
              data-testid="day-holiday"
              sx={{ bgcolor: '#FFF4E0' }}
            />
          )}
          {rest && <Chip label={t('dayPanel.restDay')} variant="outlined" />}
        </Stack>
      )}
      {anomalies.length > 0 && (
        <Alert severity="warning" icon={<WarningAmberOutlined />} data-testid="day-anomalies">
          {anomalies.map((a) => (
            <Typography variant="body2" key={a}>
              {t(`attendance.anomalies.${a}`, { defaultValue: a })}
            </Typography>
          ))}
        </Alert>
      )}

      <Section title={t('dayPanel.figures')} testId="day-figures">
        <DayFigures day={day} progress={progress} />
      </Section>

      <Section title={t('dayPanel.punches')} testId="day-pairs">
        {day.pairs.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {dayPunches.length === 0 ? t('dayPanel.noPunches') : t('dayPanel.noPairs')}
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {day.pairs.map((p, i) => (
              <Box
                component="li"
                key={`${p.inId ?? ''}-${p.outId ?? ''}-${i}`}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5, flexWrap: 'wrap' }}
                data-testid="day-pair"
              >
                <Box
                  component="bdi"
                  dir="ltr"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontVariantNumeric: 'tabular-nums' }}
                >
                  <span>{timeOf(p.inId)}</span>
                  <ArrowRightAlt fontSize="small" titleAccess={t('dayPanel.to')} />
                  <span>{timeOf(p.outId)}</span>
                </Box>
                {p.anomaly ? (
                  <Chip size="small" color="error" variant="outlined" label={t(`attendance.anomalies.${p.anomaly}`)} />
                ) : p.open ? (
                  <Chip
                    size="small"
                    color="success"
                    variant="outlined"
                    label={t('dayPanel.pairOpen')}
                    data-testid="day-pair-open"
                  />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    <Duration minutes={p.minutes} />
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
        )}
        {punchEditor}
      </Section>

      {day.requests.length > 0 && (
        <Section title={t('dayPanel.effects')} testId="day-effects">
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {day.requests.map((e) => {
              const r = byId.get(e.id);
              const name = r ? `${r.justification.name} (${r.justification.code})` : t('dayPanel.unknownRequest');
              return (
                <Typography component="li" variant="body2" key={e.id} sx={{ mb: 0.5 }} data-testid="day-effect">
                  <strong>{name}</strong>
                  {': '}
                  {e.impact === 'increase' && t('dayPanel.effectIncrease')}
                  {e.impact === 'decrease' && t('dayPanel.effectDecrease')}
                  {e.impact === 'nothing' && t('dayPanel.effectCover')}{' '}
                  <Duration minutes={e.impact === 'nothing' ? e.credited : e.minutes} />
                  {e.impact === 'nothing' && (
                    <>
                      {' '}
                      {t('dayPanel.effectOf')} <Duration minutes={e.minutes} />
                      {e.credited < e.minutes && <> — {t('dayPanel.effectCapped')}</>}
                    </>
                  )}
                </Typography>
              );
            })}
          </Box>
        </Section>
      )}

      <Section title={t('dayPanel.requests')} testId="day-requests">
        {dayRequests.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('dayPanel.noRequests')}
          </Typography>
        ) : (
          <Stack spacing={1}>
            {dayRequests.some((r) => r.status === 'open') && (
              <Typography variant="caption" color="text.secondary">
                {t('dayPanel.pendingNote')}
              </Typography>
            )}
            {dayRequests.map((r) => (
              <Paper key={r.id} variant="outlined" sx={{ p: 1.5 }} data-testid="day-request" data-status={r.status}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="body2" sx={{ fontWeight: 500, flexGrow: 1 }}>
                    {r.justification.name} · {describeRequest(r, t, language)}
                  </Typography>
                  <StatusChip status={r.status} />
                </Box>
                {r.certificateCode && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {t('dayPanel.certificate', { code: r.certificateCode })}
                  </Typography>
                )}
                {r.note && (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {r.note}
                  </Typography>
                )}
                {r.decisionNote && (
                  <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                    {t('dayPanel.decisionNote', { note: r.decisionNote })}
                  </Typography>
                )}
                {requestActions && <Box sx={{ mt: 1 }}>{requestActions(r)}</Box>}
              </Paper>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
