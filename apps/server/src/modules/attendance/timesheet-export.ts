import { isoWeekday, type HolidayOccurrence, type IsoDate } from '@timbro/shared';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { openLogo } from '../../lib/pdf-logo';
import { italianDate } from '../../lib/time';

interface Row {
  userInfo: { firstName: string; lastName: string };
  days: {
    date: string;
    expected: number;
    worked: number;
    justified: number;
    balance: number;
    anomalies: number;
    holiday: boolean;
    open: boolean;
  }[];
  totals: {
    expected: number;
    worked: number;
    covered: number;
    increase: number;
    decrease: number;
    balance: number;
    anomalies: number;
  };
}
interface Sheet {
  holidays: HolidayOccurrence[];
  rows: Row[];
}

const hours = (m: number) => Math.round((m / 60) * 100) / 100;
/** 450 → "7:30", −90 → "−1:30" (how Italian timesheets print durations). */
export function clock(m: number): string {
  const sign = m < 0 ? '−' : '';
  const a = Math.abs(Math.round(m));
  return `${sign}${Math.floor(a / 60)}:${String(a % 60).padStart(2, '0')}`;
}
const WEEKDAY = ['', 'L', 'M', 'M', 'G', 'V', 'S', 'D'];
const name = (r: Row) => `${r.userInfo.lastName} ${r.userInfo.firstName}`.trim();
const justified = (t: Row['totals']) => t.covered + t.increase - t.decrease;
/** A period not over yet: its balance stops at the days that are over (today and the days to come have none yet). */
const inProgress = (sheet: Sheet) => sheet.rows.some((r) => r.days.some((d) => d.open));
const IN_PROGRESS_NOTE = 'Periodo in corso: il saldo conta solo i giorni trascorsi.';

/**
 * The timesheet workbook: "Riepilogo" (one row per employee with the period totals in hours) and "Dettaglio" (one
 * row per employee and day). Hours are numbers with two decimals, so the consultant can sum them.
 */
export async function timesheetXlsx(from: IsoDate, to: IsoDate, sheet: Sheet): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Timbro';
  const summary = wb.addWorksheet('Riepilogo', { views: [{ state: 'frozen', ySplit: 2 }] });
  summary.addRow([
    `Presenze dal ${italianDate(from)} al ${italianDate(to)}${inProgress(sheet) ? ` — ${IN_PROGRESS_NOTE}` : ''}`,
  ]).font = { bold: true };
  summary.addRow(['Dipendente', 'Ore previste', 'Ore lavorate', 'Ore giustificate', 'Saldo (ore)', 'Anomalie']).font = {
    bold: true,
  };
  for (const r of sheet.rows)
    summary.addRow([
      name(r),
      hours(r.totals.expected),
      hours(r.totals.worked),
      hours(justified(r.totals)),
      hours(r.totals.balance),
      r.totals.anomalies,
    ]);
  summary.getColumn(1).width = 32;
  for (let c = 2; c <= 6; c++) {
    summary.getColumn(c).width = 16;
    if (c < 6) summary.getColumn(c).numFmt = '0.00';
  }
  const detail = wb.addWorksheet('Dettaglio', { views: [{ state: 'frozen', ySplit: 1 }] });
  detail.addRow([
    'Dipendente',
    'Data',
    'Festività',
    'Ore previste',
    'Ore lavorate',
    'Ore giustificate',
    'Saldo (ore)',
    'Anomalie',
  ]).font = { bold: true };
  const holidayName = new Map(sheet.holidays.map((h) => [h.date, h.name]));
  for (const r of sheet.rows) {
    for (const d of r.days)
      detail.addRow([
        name(r),
        italianDate(d.date),
        holidayName.get(d.date) ?? '',
        hours(d.expected),
        hours(d.worked),
        hours(d.justified),
        d.open ? null : hours(d.balance),
        d.anomalies,
      ]);
  }
  detail.getColumn(1).width = 32;
  detail.getColumn(2).width = 12;
  detail.getColumn(3).width = 22;
  for (let c = 4; c <= 8; c++) {
    detail.getColumn(c).width = 15;
    if (c < 8) detail.getColumn(c).numFmt = '0.00';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** This module, for the render threads (lib/render-pool): `timesheetPdf` runs there, never in the server's thread. */
export const TIMESHEET_EXPORT = new URL(import.meta.url);

/**
 * The timesheet as a printable PDF: A4 landscape, the company's logo (a PNG or JPEG one) beside the heading of every
 * page, one line per employee with the worked time of each day (h:mm), holidays and weekends shaded, anomalies marked
 * with "!", and the period totals. Pages break by employee.
 */
export function timesheetPdf(
  company: string,
  from: IsoDate,
  to: IsoDate,
  sheet: Sheet,
  logo: Buffer | null = null,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 28,
      info: { Title: `Presenze ${italianDate(from)} – ${italianDate(to)}`, Author: company, Creator: 'Timbro' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const days = sheet.rows[0]?.days.map((d) => d.date) ?? [];
    const holidaySet = new Set(sheet.holidays.map((h) => h.date));
    const left = doc.page.margins.left;
    const usable = doc.page.width - left - doc.page.margins.right;
    const nameW = 120;
    const totalW = 44;
    const totals = ['Previste', 'Lavorate', 'Giustif.', 'Saldo'];
    const dayW = Math.max(12, (usable - nameW - totalW * totals.length) / Math.max(days.length, 1));
    const rowH = 16;
    const mark = openLogo(doc, logo, { width: 100, height: 28 });

    const header = () => {
      const top = doc.page.margins.top;
      mark?.draw(left, top);
      const textLeft = mark ? left + mark.width + 10 : left;
      const textWidth = usable - (textLeft - left);
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor('#1A415B')
        .text(`${company} — presenze dal ${italianDate(from)} al ${italianDate(to)}`, textLeft, top, {
          width: textWidth,
        });
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor('#555')
        .text(
          `Ore lavorate per giorno (h:mm); "!" = anomalia; in grigio sabati, domeniche e festività. Totali in ore.${inProgress(sheet) ? ` ${IN_PROGRESS_NOTE}` : ''}`,
          textLeft,
          doc.y + 2,
          { width: textWidth },
        );
      let y = Math.max(doc.y, top + (mark?.height ?? 0)) + 6;
      doc.font('Helvetica-Bold').fontSize(7).fillColor('#000');
      doc.text('Dipendente', left + 2, y + 4, { width: nameW - 4 });
      days.forEach((d, i) => {
        const x = left + nameW + i * dayW;
        if (isoWeekday(d) >= 6 || holidaySet.has(d)) doc.rect(x, y, dayW, rowH).fill('#E8E8E8').fillColor('#000');
        doc.text(`${WEEKDAY[isoWeekday(d)]}\n${Number(d.slice(8, 10))}`, x, y + 1, {
          width: dayW,
          align: 'center',
          lineGap: -1,
        });
      });
      totals.forEach((t, i) =>
        doc.text(t, left + nameW + days.length * dayW + i * totalW, y + 4, { width: totalW, align: 'right' }),
      );
      y += rowH + 2;
      doc
        .moveTo(left, y)
        .lineTo(left + usable, y)
        .strokeColor('#1A415B')
        .lineWidth(0.8)
        .stroke();
      return y + 2;
    };

    let y = header();
    doc.font('Helvetica').fontSize(6.5);
    sheet.rows.forEach((r, index) => {
      if (y + rowH > doc.page.height - doc.page.margins.bottom) {
        doc.addPage();
        y = header();
        doc.font('Helvetica').fontSize(6.5);
      }
      if (index % 2 === 1) doc.rect(left, y, usable, rowH).fill('#F5F7FA');
      doc.fillColor('#000').text(name(r), left + 2, y + 5, { width: nameW - 4, lineBreak: false, ellipsis: true });
      r.days.forEach((d, i) => {
        const x = left + nameW + i * dayW;
        if (isoWeekday(d.date) >= 6 || d.holiday) doc.rect(x, y, dayW, rowH).fill('#E8E8E8');
        const text = d.worked > 0 ? clock(d.worked) : d.justified > 0 ? 'G' : '';
        doc
          .fillColor(d.anomalies > 0 ? '#B3261E' : '#000')
          .text(`${text}${d.anomalies > 0 ? '!' : ''}`, x, y + 5, { width: dayW, align: 'center', lineBreak: false });
      });
      const t = r.totals;
      [t.expected, t.worked, justified(t), t.balance].forEach((v, i) => {
        doc
          .fillColor(i === 3 && v < 0 ? '#B3261E' : '#000')
          .text(hours(v).toFixed(2).replace('.', ','), left + nameW + days.length * dayW + i * totalW, y + 5, {
            width: totalW - 2,
            align: 'right',
            lineBreak: false,
          });
      });
      y += rowH;
    });
    if (sheet.rows.length === 0) doc.fillColor('#000').text('Nessun dipendente nel periodo scelto.', left, y + 6);
    doc
      .fontSize(6)
      .fillColor('#777')
      .text(
        `Generato da Timbro il ${italianDate(new Date().toISOString().slice(0, 10))}. "G" = giornata giustificata.`,
        left,
        doc.page.height - doc.page.margins.bottom - 8,
        { lineBreak: false },
      );
    doc.end();
  });
}
