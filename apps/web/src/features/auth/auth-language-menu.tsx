import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { LANGUAGES, type Language } from '@timbro/shared/constants';
import { LANGUAGE_NAMES } from '../../i18n/languages';
import { useLanguage } from '../../lib/auth/use-language';

/**
 * The auth screens' language menu, loaded on the first hover, focus or click of its button (auth-layout.tsx): MUI's
 * Menu brings its Popover, Modal and focus trap, which the login page does not need to paint (ADR 0007).
 */
export default function AuthLanguageMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { language, setLanguage } = useLanguage();
  return (
    <Menu anchorEl={anchor} open={!!anchor} onClose={onClose}>
      {LANGUAGES.map((l) => (
        <MenuItem
          key={l}
          selected={l === language}
          onClick={() => {
            onClose();
            void setLanguage(l as Language);
          }}
          data-testid={`language-${l}`}
        >
          {LANGUAGE_NAMES[l]}
        </MenuItem>
      ))}
    </Menu>
  );
}
