import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import CakeOutlined from '@mui/icons-material/CakeOutlined';
import CelebrationOutlined from '@mui/icons-material/CelebrationOutlined';
import ChurchOutlined from '@mui/icons-material/ChurchOutlined';
import EggOutlined from '@mui/icons-material/EggOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import LocalFloristOutlined from '@mui/icons-material/LocalFloristOutlined';
import ParkOutlined from '@mui/icons-material/ParkOutlined';
import StarBorder from '@mui/icons-material/StarBorder';
import WbSunnyOutlined from '@mui/icons-material/WbSunnyOutlined';
import WorkOutlined from '@mui/icons-material/WorkOutlined';
import { Box, FormControl, FormHelperText, FormLabel, Tooltip } from '@mui/material';
import type { SvgIconProps } from '@mui/material';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The icon names a holiday stores (the server's Italian defaults use the first eight). */
export const HOLIDAY_ICONS = {
  celebration: CelebrationOutlined,
  star: StarBorder,
  flag: FlagOutlined,
  work: WorkOutlined,
  sunny: WbSunnyOutlined,
  church: ChurchOutlined,
  park: ParkOutlined,
  egg: EggOutlined,
  florist: LocalFloristOutlined,
  cake: CakeOutlined,
  beach: BeachAccessOutlined,
  heart: FavoriteBorder,
  event: EventOutlined,
} as const;
export type HolidayIconName = keyof typeof HOLIDAY_ICONS;
const NAMES = Object.keys(HOLIDAY_ICONS) as HolidayIconName[];

/** A holiday's icon; an unknown name (set elsewhere) shows a calendar. */
export function HolidayIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const Icon = HOLIDAY_ICONS[name as HolidayIconName] ?? EventOutlined;
  return <Icon {...props} />;
}

interface PickerProps {
  value: string;
  onChange(value: string): void;
  error?: string;
  /** Receives the focusable radio (react-hook-form focuses it on an error). */
  inputRef?: (el: HTMLElement | null) => void;
}

/**
 * The icon picker: a radio group of icon buttons (arrow keys move and choose, as in any radio group; one tab stop),
 * each named for screen readers.
 */
export function HolidayIconPicker({ value, onChange, error, inputRef }: PickerProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = NAMES.indexOf(value as HolidayIconName);
  const focusable = current >= 0 ? current : 0;

  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowDown: 1, ArrowLeft: rtl ? 1 : -1, ArrowUp: -1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const next = (index + step + NAMES.length) % NAMES.length;
    onChange(NAMES[next]!);
    buttons.current[next]?.focus();
  };

  return (
    <FormControl error={!!error} required component="fieldset" sx={{ display: 'block' }}>
      <FormLabel id={labelId} component="legend" sx={{ mb: 1 }}>
        {t('holidays.fields.icon')}
      </FormLabel>
      <Box
        role="radiogroup"
        aria-labelledby={labelId}
        aria-invalid={!!error}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
        data-testid="holiday-icon-picker"
      >
        {NAMES.map((name, i) => {
          const selected = name === value;
          return (
            <Tooltip key={name} title={t(`holidays.icons.${name}`)}>
              <Box
                component="button"
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={t(`holidays.icons.${name}`)}
                tabIndex={i === focusable ? 0 : -1}
                ref={(el: HTMLButtonElement | null) => {
                  buttons.current[i] = el;
                  if (i === focusable) inputRef?.(el);
                }}
                onClick={() => onChange(name)}
                onKeyDown={(e: KeyboardEvent) => onKeyDown(e, i)}
                data-testid={`holiday-icon-${name}`}
                sx={{
                  width: 44,
                  height: 44,
                  display: 'grid',
                  placeItems: 'center',
                  borderRadius: 1,
                  cursor: 'pointer',
                  border: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  bgcolor: selected ? 'primary.main' : 'background.paper',
                  color: selected ? 'primary.contrastText' : 'text.primary',
                  '&:focus-visible': {
                    outline: 2,
                    outlineStyle: 'solid',
                    outlineColor: 'primary.main',
                    outlineOffset: 2,
                  },
                }}
              >
                <HolidayIcon name={name} />
              </Box>
            </Tooltip>
          );
        })}
      </Box>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
