import { Box, Divider, FormHelperText, Typography } from '@mui/material';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { contentSx } from './announcement-content';
import { LinkDialog } from './link-dialog';
import { cleanHtml, escapeHtml, queryState, queryValue, run } from './rich-text';
import { HEADING, RichTextToolbar, TOGGLES } from './rich-text-toolbar';

interface Props {
  label: string;
  /** The HTML (cleaned: rich-text.ts). */
  value: string;
  onChange(html: string): void;
  onBlur?(): void;
  error?: string;
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
  /** The form's ref: it focuses the editor when its content is refused. */
  inputRef?: (el: HTMLDivElement | null) => void;
  testId: string;
}

/**
 * A small rich-text editor: an editable area with a toolbar for bold, italic, underline, bulleted and numbered lists,
 * a heading and links (the browser's editing commands). What it produces, and what is pasted into it, is brought to
 * the tags the server keeps (rich-text.ts), so the content comes back the same when editing. Ctrl+B/I/U work too.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  required,
  disabled,
  inputRef,
  testId,
}: Props) {
  const labelId = useId();
  const helpId = useId();
  const editor = useRef<HTMLDivElement | null>(null);
  /** The HTML last sent to the form: a value that differs comes from outside (a reset) and replaces the content. */
  const emitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [link, setLink] = useState<{ initial: string } | null>(null);

  useLayoutEffect(() => {
    if (editor.current && value !== emitted.current) {
      editor.current.innerHTML = value;
      emitted.current = value;
    }
  }, [value]);

  const setRefs = useCallback(
    (el: HTMLDivElement | null) => {
      editor.current = el;
      inputRef?.(el);
    },
    [inputRef],
  );

  const emit = () => {
    if (!editor.current) return;
    const html = cleanHtml(editor.current.innerHTML);
    emitted.current = html;
    onChange(html);
  };

  const linkAtSelection = (): HTMLAnchorElement | null => {
    let node: Node | null = window.getSelection()?.anchorNode ?? null;
    while (node && node !== editor.current) {
      if (node instanceof HTMLAnchorElement) return node;
      node = node.parentNode;
    }
    return null;
  };

  const refresh = useCallback(() => {
    const selection = window.getSelection();
    if (!editor.current || !selection?.anchorNode || !editor.current.contains(selection.anchorNode)) return;
    setActive({
      ...Object.fromEntries(TOGGLES.map((tool) => [tool.command, queryState(tool.command)])),
      heading: queryValue('formatBlock') === HEADING,
    });
  }, []);

  useEffect(() => {
    document.addEventListener('selectionchange', refresh);
    return () => document.removeEventListener('selectionchange', refresh);
  }, [refresh]);

  const exec = (command: string, arg?: string) => {
    if (disabled || !editor.current) return;
    editor.current.focus();
    // New lines become paragraphs (not divs), as the server keeps them.
    run('defaultParagraphSeparator', 'p');
    run(command, arg);
    emit();
    refresh();
  };

  const saveSelection = () => {
    const selection = window.getSelection();
    savedRange.current =
      selection && selection.rangeCount > 0 && editor.current?.contains(selection.anchorNode)
        ? selection.getRangeAt(0).cloneRange()
        : null;
  };
  const restoreSelection = () => {
    editor.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };
  const openLink = () => {
    saveSelection();
    setLink({ initial: linkAtSelection()?.getAttribute('href') ?? '' });
  };
  const saveLink = (href: string) => {
    setLink(null);
    restoreSelection();
    if (savedRange.current && !savedRange.current.collapsed) exec('createLink', href);
    else exec('insertHTML', `<a href="${escapeHtml(href)}">${escapeHtml(href)}</a>`);
  };

  return (
    <Box>
      <Typography
        id={labelId}
        variant="body2"
        sx={{ display: 'block', mb: 0.5, fontWeight: 500, color: error ? 'error.main' : undefined }}
        onClick={() => editor.current?.focus()}
      >
        {label}
        {required ? ' *' : ''}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
          bgcolor: disabled ? 'action.disabledBackground' : 'background.paper',
        }}
      >
        <RichTextToolbar
          active={active}
          disabled={disabled}
          onCommand={exec}
          onLink={openLink}
          controls={`${testId}-area`}
          testId={testId}
        />
        <Divider />
        <Box
          ref={setRefs}
          id={`${testId}-area`}
          role="textbox"
          dir="auto"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={helpId}
          aria-invalid={!!error}
          aria-required={required}
          aria-disabled={disabled}
          contentEditable={!disabled}
          suppressContentEditableWarning
          tabIndex={disabled ? -1 : 0}
          onInput={emit}
          onBlur={onBlur}
          onKeyUp={refresh}
          onMouseUp={refresh}
          onPaste={(e) => {
            // Pasted text keeps its formatting but only the tags the server keeps (no styles, classes or images).
            e.preventDefault();
            const html = e.clipboardData.getData('text/html');
            if (html) exec('insertHTML', cleanHtml(html));
            else exec('insertText', e.clipboardData.getData('text/plain'));
          }}
          data-testid={testId}
          sx={[contentSx, { minHeight: 180, maxHeight: 480, overflowY: 'auto', px: 1.75, py: 1.25, outline: 'none' }]}
        />
      </Box>
      <FormHelperText id={helpId} error={!!error} data-testid={`${testId}-help`}>
        {error ?? helperText}
      </FormHelperText>
      {link && <LinkDialog initial={link.initial} onClose={() => setLink(null)} onSave={saveLink} />}
    </Box>
  );
}
