import { deliveryReportText, ITALIAN_MONTHS, type DeliverySummary } from '@timbro/shared';
import PDFDocument from 'pdfkit';
import { BOM, csvCell } from '../../lib/csv';
import { openLogo } from '../../lib/pdf-logo';

/** One slip of the delivery report. */
export interface DeliveryRow {
  id: string;
  userInfoId: string;
  firstName: string;
  lastName: string;
  fiscalCode: string | null;
  description: string | null;
  fileId: string;
  createdAt: Date;
  attachmentFirstOpenAt: Date | null;
  reminderSentAt: Date | null;
  /** Opens by the employee (never an admin's). */
  opens: number;
  /** Unopened longer than the reminder delay. */
  overdue: boolean;
}

const stamp = (d: Date | null, timeZone: string) =>
  d
    ? new Intl.DateTimeFormat('it-IT', {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(d)
        .replace(',', '')
    : '';

export const DELIVERY_CSV_HEADER = deliveryReportText.csvHeader;

const state = (r: DeliveryRow) =>
  r.attachmentFirstOpenAt
    ? deliveryReportText.opened
    : r.overdue
      ? deliveryReportText.overdue
      : deliveryReportText.notYetOpened;

/** The report as CSV for Excel (UTF-8 with BOM, `;`, CRLF, formula-safe cells), dates in the company's time zone. */
export function deliveryCsv(rows: DeliveryRow[], timeZone: string): Buffer {
  const line = (cells: readonly string[]) => `${cells.map(csvCell).join(';')}\r\n`;
  const body = [
    line(DELIVERY_CSV_HEADER),
    ...rows.map((r) =>
      line([
        r.lastName,
        r.firstName,
        r.fiscalCode ?? '',
        r.description ?? '',
        stamp(r.createdAt, timeZone),
        stamp(r.attachmentFirstOpenAt, timeZone),
        String(r.opens),
        stamp(r.reminderSentAt, timeZone),
        state(r),
      ]),
    ),
  ].join('');
  return Buffer.concat([BOM, Buffer.from(body, 'utf8')]);
}

/** Helvetica writes WinAnsi only: other characters (a name in another script) are written as "?" rather than lost silently. */
const winAnsi = (s: string) => s.normalize('NFC').replace(/[^\u0020-\u007e\u00a0-\u00ff€’“”–—…]/g, '?');

/**
 * The report as a printable PDF for the consultant: A4, the company's logo (when it has a PNG or JPEG one) beside the
 * heading, a summary, then one line per slip; pages break as needed.
 */
/** This module, for the render threads (lib/render-pool): `deliveryPdf` runs there, never in the server's thread. */
export const DELIVERY_REPORT = new URL(import.meta.url);

export function deliveryPdf(
  company: string,
  summary: DeliverySummary,
  rows: DeliveryRow[],
  timeZone: string,
  logo: Buffer | null = null,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const period = `${ITALIAN_MONTHS[summary.month - 1]} ${summary.year}`;
    const doc = new PDFDocument({
      size: 'A4',
      margin: 36,
      info: { Title: deliveryReportText.pdfTitle(period), Author: winAnsi(company), Creator: 'Timbro' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const left = doc.page.margins.left;
    const usable = doc.page.width - left - doc.page.margins.right;
    const cols = [
      { title: deliveryReportText.pdfColumns.employee, w: 0.3 },
      { title: deliveryReportText.pdfColumns.fiscalCode, w: 0.2 },
      { title: deliveryReportText.pdfColumns.publishedAt, w: 0.16 },
      { title: deliveryReportText.pdfColumns.firstOpenAt, w: 0.16 },
      { title: deliveryReportText.pdfColumns.opens, w: 0.08, right: true },
      { title: deliveryReportText.pdfColumns.reminder, w: 0.1 },
    ].map((c) => ({ ...c, w: c.w * usable }));
    const rowH = 15;
    const tableHeader = (y: number) => {
      doc.font('Helvetica-Bold').fontSize(8).fillColor('#000');
      let x = left;
      for (const c of cols) {
        doc.text(c.title, x + 2, y + 4, { width: c.w - 4, align: c.right ? 'right' : 'left', lineBreak: false });
        x += c.w;
      }
      doc
        .moveTo(left, y + rowH)
        .lineTo(left + usable, y + rowH)
        .strokeColor('#1A415B')
        .lineWidth(0.8)
        .stroke();
      return y + rowH + 2;
    };
    const top = doc.page.margins.top;
    const mark = openLogo(doc, logo, { width: 120, height: 40 });
    mark?.draw(left, top);
    const textLeft = mark ? left + mark.width + 12 : left;
    const textWidth = usable - (textLeft - left);
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor('#1A415B')
      .text(winAnsi(deliveryReportText.pdfHeading(company, period)), textLeft, top, { width: textWidth });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#333')
      .text(deliveryReportText.pdfSummary(summary), textLeft, doc.y + 4, { width: textWidth })
      .text(deliveryReportText.pdfNote, textLeft, doc.y + 2, { width: textWidth });
    let y = tableHeader(Math.max(doc.y, top + (mark?.height ?? 0)) + 10);
    rows.forEach((r, i) => {
      if (y + rowH > doc.page.height - doc.page.margins.bottom - 12) {
        doc.addPage();
        y = tableHeader(doc.page.margins.top);
      }
      if (i % 2 === 1) doc.rect(left, y, usable, rowH).fill('#F5F7FA');
      const cells = [
        winAnsi(`${r.lastName} ${r.firstName}`),
        r.fiscalCode ?? '',
        stamp(r.createdAt, timeZone),
        stamp(r.attachmentFirstOpenAt, timeZone) || (r.overdue ? 'non aperto (>7 gg)' : 'non aperto'),
        String(r.opens),
        stamp(r.reminderSentAt, timeZone).slice(0, 10),
      ];
      doc.font('Helvetica').fontSize(7.5);
      let x = left;
      cells.forEach((text, n) => {
        const c = cols[n]!;
        doc.fillColor(n === 3 && !r.attachmentFirstOpenAt ? '#B3261E' : '#000').text(text, x + 2, y + 4, {
          width: c.w - 4,
          align: c.right ? 'right' : 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += c.w;
      });
      y += rowH;
    });
    if (rows.length === 0)
      doc
        .fillColor('#000')
        .fontSize(9)
        .text(deliveryReportText.pdfEmpty, left, y + 6);
    doc.end();
  });
}
