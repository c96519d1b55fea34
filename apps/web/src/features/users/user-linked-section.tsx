import ArrowForward from '@mui/icons-material/ArrowForward';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Box, Typography } from '@mui/material';
import type { User } from '@timbro/shared';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';

const ICONS = { paychecks: ReceiptLongOutlined, documents: DescriptionOutlined } as const;

/** Pay slips and documents of the person: their own pages (arriving in a later release). */
export function UserLinkedSection({ user, kind, to }: { user: User; kind: keyof typeof ICONS; to: string }) {
  const { t } = useTranslation();
  const Icon = ICONS[kind];
  return (
    <Box sx={{ textAlign: 'center', py: 4, px: 2 }} data-testid={`user-linked-${kind}`}>
      <Icon sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} />
      <Typography variant="h6" component="h2">
        {t(`users.detail.linked.${kind}.title`, { name: `${user.firstName} ${user.lastName}` })}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mt: 1, mb: 2 }}>
        {t(`users.detail.linked.${kind}.body`)}
      </Typography>
      <LinkButton
        variant="outlined"
        to={to}
        endIcon={<ArrowForward sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />}
      >
        {t(`users.detail.linked.${kind}.open`)}
      </LinkButton>
    </Box>
  );
}
