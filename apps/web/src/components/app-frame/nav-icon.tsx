import AccessTimeOutlined from '@mui/icons-material/AccessTimeOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LockClockOutlined from '@mui/icons-material/LockClockOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import SyncAltOutlined from '@mui/icons-material/SyncAltOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import WorkHistoryOutlined from '@mui/icons-material/WorkHistoryOutlined';

const ICONS = {
  dashboard: DashboardOutlined,
  people: PeopleOutlined,
  groups: GroupsOutlined,
  contract: HandshakeOutlined,
  schedule: AccessTimeOutlined,
  calendar: CalendarMonthOutlined,
  holiday: EventBusyOutlined,
  monthLog: LockClockOutlined,
  paySlip: ReceiptLongOutlined,
  document: DescriptionOutlined,
  announcement: CampaignOutlined,
  shift: SwapHorizOutlined,
  justification: RuleOutlined,
  settings: SettingsOutlined,
  integration: SyncAltOutlined,
  work: WorkHistoryOutlined,
  requests: FactCheckOutlined,
  timesheet: TableChartOutlined,
  company: ApartmentOutlined,
} as const;

export function NavIcon({ name }: { name: string }) {
  const Icon = ICONS[name as keyof typeof ICONS] ?? DashboardOutlined;
  return <Icon fontSize="small" />;
}
