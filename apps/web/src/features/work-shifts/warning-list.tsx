import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import type { ShiftWarning } from '@timbro/shared';
import { WARNING_COLOR } from './shift-chip';
import { useDayFormat, useWarningText } from './shift-text';

/**
 * Rest-rule warnings, one a line: what the rule found, and (unless told not to) whose and which day. They never block
 * a save; publishing them takes a note.
 */
export function WarningList({
  warnings,
  showWho = true,
  dense = false,
  testId = 'warning-list',
}: {
  warnings: readonly ShiftWarning[];
  showWho?: boolean;
  dense?: boolean;
  testId?: string;
}) {
  const text = useWarningText();
  const formatDay = useDayFormat();
  return (
    <List dense disablePadding data-testid={testId}>
      {warnings.map((w, i) => (
        <ListItem
          key={`${w.rule}-${w.userInfoId}-${w.date}-${i}`}
          disableGutters
          sx={{ alignItems: 'flex-start', py: dense ? 0 : 0.5 }}
        >
          <ListItemIcon sx={{ minWidth: 28, mt: 0.5 }}>
            <WarningAmberOutlined fontSize="small" sx={{ color: WARNING_COLOR }} aria-hidden />
          </ListItemIcon>
          <ListItemText
            primary={text(w)}
            secondary={showWho ? `${w.name} · ${formatDay(w.date)}` : undefined}
            slotProps={{ primary: { variant: 'body2' } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
