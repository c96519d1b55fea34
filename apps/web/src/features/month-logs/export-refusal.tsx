import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import type { PreflightProblem } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useCan } from '../../lib/auth/use-can';

type Target = 'company' | 'userInfo' | 'justification';
const TARGET_PATHS: Record<Target, string> = {
  company: paths.integrationCompany,
  userInfo: paths.integrationUserInfo,
  justification: paths.integrationJustification,
};

export interface ExportRefusal {
  message: string;
  /** Every missing or over-length code, one line each. */
  lines: string[];
  /** The integration pages where they are set. */
  targets: Target[];
}

/** Where a refused code is set, from the problem's kind or the error's path (`codes.company`, `codes.employee.<id>`, `codes.item.<worked|overtime|absence type>`). */
function targetOf(text: string, subjectId?: string): Target | null {
  if (/employee|user/i.test(text)) return 'userInfo';
  if (/company|branch|worked|overtime/i.test(text) || subjectId === 'worked' || subjectId === 'overtime')
    return 'company';
  if (/justification|item/i.test(text)) return 'justification';
  return null;
}

/**
 * The export's refusal (409 or 422): the server's message and every code it names, either as field errors
 * (`errors: [{ path, message }]`) or as preflight problems (`problems: [{ kind, subject, code }]`). Null for any other error.
 */
export function exportRefusalOf(err: unknown, t: ReturnType<typeof useTranslation>['t']): ExportRefusal | null {
  if (!(err instanceof ApiError) || (err.status !== 409 && err.status !== 422)) return null;
  const data = (err.data ?? {}) as {
    message?: string;
    errors?: { path: string; message: string }[];
    problems?: PreflightProblem[];
  };
  const targets = new Set<Target>();
  let lines: string[] = [];
  if (data.problems && data.problems.length > 0) {
    lines = data.problems.map((p) => {
      const target = targetOf(p.kind, p.subject?.id);
      if (target) targets.add(target);
      const name =
        p.subject?.id === 'worked' || p.subject?.id === 'overtime'
          ? t(`monthLogs.items.${p.subject.id}`)
          : p.subject?.name;
      return t(`monthLogs.exports.problems.${p.kind}`, { name: name ?? '', code: p.code ?? '' });
    });
  } else if (data.errors && data.errors.length > 0) {
    lines = data.errors.map((e) => {
      const target = targetOf(e.path);
      if (target) targets.add(target);
      return e.message;
    });
  } else return null;
  return {
    message: data.message ?? t('monthLogs.exports.refused'),
    lines,
    targets: targets.size > 0 ? [...targets] : ['company', 'userInfo', 'justification'],
  };
}

/** The refusal with all the codes it names, and the way to the pages where they are set (for whoever may set them). */
export function ExportRefusalAlert({ refusal }: { refusal: ExportRefusal }) {
  const { t } = useTranslation();
  const canSetCodes = useCan('payroll:settings');
  return (
    <Alert severity="error" role="alert" data-testid="export-refusal">
      <AlertTitle>{refusal.message}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="export-refusal-list">
        {refusal.lines.map((line, i) => (
          <li key={i}>
            <Typography variant="body2">{line}</Typography>
          </li>
        ))}
      </Box>
      {canSetCodes ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
          {refusal.targets.map((target) => (
            <Button
              key={target}
              size="small"
              variant="outlined"
              color="inherit"
              component={RouterLink}
              to={TARGET_PATHS[target]}
            >
              {t(`monthLogs.exports.fix.${target}`)}
            </Button>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('monthLogs.exports.askAdmin')}
        </Typography>
      )}
    </Alert>
  );
}
