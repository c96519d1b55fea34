import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import type { SvgIconProps } from '@mui/material';
import type { NotificationCategory } from '@timbro/shared/notifications';

/** The sidebar's icon of each category's screens (nav-icon.tsx), so a notification looks like where it leads. */
const ICONS: Record<NotificationCategory, typeof CampaignOutlined> = {
  requests: FactCheckOutlined,
  paychecks: ReceiptLongOutlined,
  documents: DescriptionOutlined,
  announcements: CampaignOutlined,
  shifts: SwapHorizOutlined,
  month_logs: LockClockOutlined,
  account: ManageAccountsOutlined,
};

/** Decorative: the category is said in words beside it. */
export function CategoryIcon({ category, ...props }: { category: NotificationCategory } & SvgIconProps) {
  const Icon = ICONS[category] ?? CampaignOutlined;
  return <Icon aria-hidden {...props} />;
}
