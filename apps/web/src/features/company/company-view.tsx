import { Alert, Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { useWorkspaceLogoUrl } from '../../lib/queries/workspace-logo';
import type { Workspace } from './api/get-workspace';
import { grid, LogosCard, LTR, SECTIONS } from './company-sections';
import type { TextField } from './schemas';

/** The company details for those who may read the settings but not change them. */
export function CompanyView({ workspace }: { workspace: Workspace }) {
  const { t } = useTranslation();
  const c = workspace.workspace_company;
  const logos = { logo: useWorkspaceLogoUrl(c.logo), squareLogo: useWorkspaceLogoUrl(c.squareLogo) };
  const value = (name: TextField): ReactNode => {
    const v = c[name];
    if (!v)
      return (
        <Typography component="span" color="text.secondary">
          {t('workspaceSettings.company.notSet')}
        </Typography>
      );
    return LTR[name] ? <bdi>{v}</bdi> : v;
  };
  return (
    <Stack spacing={2} data-testid="company-view">
      <Alert severity="info" data-testid="company-read-only">
        {t('workspaceSettings.company.readOnly')}
      </Alert>
      {SECTIONS.map((s) => (
        <SectionCard key={s.key} title={t(`workspaceSettings.company.sections.${s.key}`)}>
          <Box component="dl" sx={{ ...grid, m: 0 }}>
            {s.fields.map((name) => (
              <Box key={name} data-testid={`company-view-${name}`}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`workspaceSettings.company.fields.${name}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {value(name)}
                </Typography>
              </Box>
            ))}
          </Box>
        </SectionCard>
      ))}
      <LogosCard field={(name) => ({ present: c[name] !== null, preview: logos[name] })} />
    </Stack>
  );
}
