import { Alert, Box, Card, CardActions, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';
import { visuallyHidden } from './visually-hidden';

export interface WidgetCardProps {
  /** `data-testid` of the card; its title's id is `<testId>-title` (the section is labelled by it). */
  testId: string;
  title: string;
  /** A count beside the title (a chip; its words for screen readers in `countLabel`). */
  count?: number;
  countLabel?: string;
  /** The data is on its way: a skeleton of `skeletonHeight` instead of the body. */
  loading?: boolean;
  skeletonHeight?: number;
  /** The call failed: its message instead of the body. */
  error?: unknown;
  /** Nothing to show: this sentence instead of the body. */
  empty?: string | false;
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * The frame of a dashboard widget: a titled section (a count chip beside the title when it has one), then the loading
 * skeleton, the error, the empty sentence or the body, and its links at the bottom.
 */
export function WidgetCard({
  testId,
  title,
  count,
  countLabel,
  loading,
  skeletonHeight = 96,
  error,
  empty,
  children,
  actions,
}: WidgetCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={`${testId}-title`}
      aria-busy={loading || undefined}
      data-testid={testId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography variant="h6" component="h2" id={`${testId}-title`} sx={{ flexGrow: 1 }}>
            {title}
            {count !== undefined && countLabel && !loading && (
              <Box component="span" sx={visuallyHidden}>{` (${countLabel})`}</Box>
            )}
          </Typography>
          {count !== undefined && !loading && (
            <Chip
              size="small"
              label={count}
              color={count > 0 ? 'primary' : 'default'}
              aria-hidden
              data-testid={`${testId}-count`}
            />
          )}
        </Box>
        {loading ? (
          <Skeleton variant="rounded" height={skeletonHeight} data-testid={`${testId}-loading`} />
        ) : error ? (
          <Alert severity="error">{errorMessage(error, t('errors.generic'))}</Alert>
        ) : empty ? (
          <Typography color="text.secondary" data-testid={`${testId}-empty`}>
            {empty}
          </Typography>
        ) : (
          children
        )}
      </CardContent>
      {actions && !loading && <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap' }}>{actions}</CardActions>}
    </Card>
  );
}

/** The rows of a widget's list: a plain list, a divider between rows. */
export const widgetListSx = { m: 0, p: 0, listStyle: 'none' } as const;
export const widgetRowSx = {
  display: 'flex',
  alignItems: 'center',
  gap: 1,
  py: 0.75,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
} as const;

/** A widget row's words: the name in bold, then a caption (each on one line unless `wrapCaption`). */
export function WidgetRowText({
  primary,
  caption,
  wrapCaption = false,
}: {
  primary: ReactNode;
  caption: ReactNode;
  wrapCaption?: boolean;
}) {
  return (
    <Box sx={{ flexGrow: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
        {primary}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap={!wrapCaption}>
        {caption}
      </Typography>
    </Box>
  );
}
