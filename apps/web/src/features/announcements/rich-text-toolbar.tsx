import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Title from '@mui/icons-material/Title';
import { Box, Divider, IconButton, Tooltip, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/** The toolbar's on/off formatting commands (document.execCommand names), each showing whether it is on. */
export const TOGGLES: { command: string; label: string; icon: ComponentType<SvgIconProps> }[] = [
  { command: 'bold', label: 'bold', icon: FormatBold },
  { command: 'italic', label: 'italic', icon: FormatItalic },
  { command: 'underline', label: 'underline', icon: FormatUnderlined },
  { command: 'insertUnorderedList', label: 'bulleted', icon: FormatListBulleted },
  { command: 'insertOrderedList', label: 'numbered', icon: FormatListNumbered },
];
/** The heading the toolbar applies: a section title under the announcement's own (h1) title. */
export const HEADING = 'h3';

interface Props {
  /** Which toggles are on where the caret is (and `heading`). */
  active: Record<string, boolean>;
  disabled?: boolean;
  onCommand(command: string, arg?: string): void;
  onLink(): void;
  /** The editable area's id. */
  controls: string;
  testId: string;
}

/** The editor's toolbar: bold, italic, underline | heading, lists | link, unlink. */
export function RichTextToolbar({ active, disabled, onCommand, onLink, controls, testId }: Props) {
  const { t } = useTranslation();
  const toggle = (tool: (typeof TOGGLES)[number]) => (
    <ToolButton
      key={tool.command}
      name={t(`announcements.editor.${tool.label}`)}
      icon={tool.icon}
      pressed={active[tool.command] ?? false}
      disabled={disabled}
      onClick={() => onCommand(tool.command)}
      testId={`${testId}-${tool.command}`}
    />
  );
  return (
    <Box
      role="toolbar"
      aria-label={t('announcements.editor.toolbar')}
      aria-controls={controls}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.25 }}
    >
      {TOGGLES.slice(0, 3).map(toggle)}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton
        name={t('announcements.editor.heading')}
        icon={Title}
        pressed={active.heading ?? false}
        disabled={disabled}
        onClick={() => onCommand('formatBlock', active.heading ? 'p' : HEADING)}
        testId={`${testId}-heading`}
      />
      {TOGGLES.slice(3).map(toggle)}
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <ToolButton
        name={t('announcements.editor.link')}
        icon={InsertLink}
        disabled={disabled}
        onClick={onLink}
        testId={`${testId}-link`}
      />
      <ToolButton
        name={t('announcements.editor.unlink')}
        icon={LinkOff}
        disabled={disabled}
        onClick={() => onCommand('unlink')}
        testId={`${testId}-unlink`}
      />
    </Box>
  );
}

interface ToolButtonProps {
  name: string;
  icon: ComponentType<SvgIconProps>;
  /** A toggle's state (bold on…); plain actions (link) have none. */
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  testId: string;
}

function ToolButton({ name, icon: Icon, pressed, disabled, onClick, testId }: ToolButtonProps) {
  return (
    <Tooltip title={name}>
      <span>
        <IconButton
          size="small"
          aria-label={name}
          aria-pressed={pressed}
          color={pressed ? 'primary' : 'default'}
          disabled={disabled}
          // The editor keeps its selection: the button never takes the focus from it.
          onMouseDown={(e) => e.preventDefault()}
          onClick={onClick}
          data-testid={testId}
        >
          <Icon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
