import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import { Box, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A screen that a later release delivers: a proper page, never a broken route. */
export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="coming-soon">
        <Box sx={{ color: 'primary.main', mb: 1 }}>
          <ConstructionOutlined sx={{ fontSize: 48 }} />
        </Box>
        <Typography variant="h6" component="p">
          {t('placeholder.title')}
        </Typography>
        <Typography color="text.secondary">{t('placeholder.body')}</Typography>
      </Paper>
    </>
  );
}
