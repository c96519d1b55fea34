import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCatalogArea } from '../../i18n/i18n';
import { RichTextEditor } from './rich-text-editor';

const user = userEvent.setup({ delay: null });

beforeAll(async () => {
  await loadCatalogArea('announcements');
});

/** The browser's editing commands, which the test DOM does not have: recorded. */
let execCommand: ReturnType<typeof vi.fn>;
beforeEach(() => {
  execCommand = vi.fn(() => true);
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor label="Contenuto" value={value} onChange={setValue} required testId="editor" />
      <output data-testid="value">{value}</output>
    </>
  );
}

const commands = () => execCommand.mock.calls.map(([command, , arg]) => [command, arg]);

describe('the rich-text editor', () => {
  it('shows the content it is given and hands on what is typed, as the server keeps it', async () => {
    render(<Harness initial="<p>Buongiorno <strong>a tutti</strong></p>" />);
    const area = screen.getByRole('textbox', { name: /Contenuto/ });
    expect(area).toHaveAttribute('contenteditable', 'true');
    expect(area.querySelector('strong')).toHaveTextContent('a tutti');
    await user.type(area, '!');
    // Where the test DOM puts the caret aside, the typing arrives in paragraphs with the formatting kept.
    const value = screen.getByTestId('value').textContent!;
    expect(value).toContain('!');
    expect(value).toContain('<strong>a tutti</strong>');
    expect(value).toMatch(/^<p>.*<\/p>$/);
    expect(value.replace(/<\/?p>/g, '')).not.toMatch(/<(?!\/?strong>)/);
  });

  it('formats through the toolbar: bold, heading, lists, new lines as paragraphs', async () => {
    render(<Harness initial="<p>Testo</p>" />);
    const toolbar = screen.getByRole('toolbar', { name: 'Formattazione del testo' });
    await user.click(within(toolbar).getByRole('button', { name: 'Grassetto (Ctrl+B)' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Titoletto' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Elenco numerato' }));
    await user.click(within(toolbar).getByRole('button', { name: 'Rimuovi link' }));
    expect(commands()).toEqual([
      ['defaultParagraphSeparator', 'p'],
      ['bold', undefined],
      ['defaultParagraphSeparator', 'p'],
      ['formatBlock', 'h3'],
      ['defaultParagraphSeparator', 'p'],
      ['insertOrderedList', undefined],
      ['defaultParagraphSeparator', 'p'],
      ['unlink', undefined],
    ]);
    expect(within(toolbar).getByRole('button', { name: 'Grassetto (Ctrl+B)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('inserts a link after checking the address (a web address gets https://)', async () => {
    render(<Harness initial="<p>Testo</p>" />);
    await user.click(screen.getByRole('button', { name: 'Inserisci link' }));
    const dialog = await screen.findByTestId('link-dialog');
    await user.type(within(dialog).getByTestId('link-address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByTestId('link-save'));
    expect(dialog).toHaveTextContent('Indica un indirizzo web o e-mail valido');
    expect(commands()).toEqual([]);

    await user.clear(within(dialog).getByTestId('link-address'));
    await user.type(within(dialog).getByTestId('link-address'), 'www.timbro.it');
    await user.click(within(dialog).getByTestId('link-save'));
    expect(commands()).toContainEqual(['insertHTML', '<a href="https://www.timbro.it">https://www.timbro.it</a>']);
  });

  it('pastes only the formatting the server keeps', () => {
    render(<Harness />);
    const area = screen.getByRole('textbox', { name: /Contenuto/ });
    fireEvent.paste(area, {
      clipboardData: {
        getData: (type: string) =>
          type === 'text/html' ? '<p style="color:red" class="x"><b>Importante</b><img src="x"></p>' : '',
      },
    });
    expect(commands()).toContainEqual(['insertHTML', '<p><strong>Importante</strong></p>']);
  });

  it('says why its content is refused', () => {
    render(<RichTextEditor label="Contenuto" value="" onChange={() => {}} error="Scrivi il testo" testId="editor" />);
    const area = screen.getByRole('textbox', { name: 'Contenuto' });
    expect(area).toHaveAttribute('aria-invalid', 'true');
    expect(area).toHaveAccessibleDescription('Scrivi il testo');
  });
});
