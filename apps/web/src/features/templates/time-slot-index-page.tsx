import ArrowForward from '@mui/icons-material/ArrowForward';
import DateRangeOutlined from '@mui/icons-material/DateRangeOutlined';
import TodayOutlined from '@mui/icons-material/TodayOutlined';
import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { useTemplateDays } from '../../lib/queries/template-days';
import { useTemplateWeeks } from '../../lib/queries/template-weeks';
import { LinkButton } from '../../components/link-button';

/** /admin/setting/time-slot: the working-hours index, leading to the daily and weekly templates. */
export function TimeSlotIndexPage() {
  const { t } = useTranslation();
  const days = useTemplateDays();
  const weeks = useTemplateWeeks();
  return (
    <>
      <PageHeader title={t('templates.index.title')} subtitle={t('templates.index.subtitle')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <IndexCard
          icon={<TodayOutlined />}
          title={t('templates.day.list.title')}
          body={t('templates.index.daysBody')}
          count={days.isPending ? null : t('templates.index.count', { n: days.data?.length ?? 0 })}
          to={paths.adminTemplateDay}
          open={t('templates.index.openDays')}
          testId="index-days"
        />
        <IndexCard
          icon={<DateRangeOutlined />}
          title={t('templates.week.list.title')}
          body={t('templates.index.weeksBody')}
          count={weeks.isPending ? null : t('templates.index.count', { n: weeks.data?.length ?? 0 })}
          to={paths.adminTemplateWeek}
          open={t('templates.index.openWeeks')}
          testId="index-weeks"
        />
      </Box>
      <Alert severity="info">{t('templates.index.copyNote')}</Alert>
    </>
  );
}

function IndexCard(props: {
  icon: ReactNode;
  title: string;
  body: string;
  count: string | null;
  to: string;
  open: string;
  testId: string;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 1 }}
      data-testid={props.testId}
    >
      <Box sx={{ color: 'primary.main', '& svg': { fontSize: 40 } }}>{props.icon}</Box>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
        {props.body}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {props.count ?? <Skeleton width={120} />}
      </Typography>
      <Box>
        <LinkButton
          variant="outlined"
          to={props.to}
          endIcon={
            <ArrowForward sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          }
        >
          {props.open}
        </LinkButton>
      </Box>
    </Paper>
  );
}
